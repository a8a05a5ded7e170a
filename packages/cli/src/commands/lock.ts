import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { forgetClipboardKey } from '../clipboard-key';
import { writeLine } from '../io';

export const lockCommand: Command = {
  summary: 'forget the end-to-end encrypted clipboard key on this machine',
  usage: `Usage: clipsync lock

Forgets the key clipsync unlock kept: this machine no longer opens your sealed clips until it is
unlocked again. The sign-in stays (clipsync logout ends it).

Options:
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    parseCommandArgs({ args, options: COMMON_OPTIONS });
    const forgotten = await forgetClipboardKey(io);
    if (json) {
      printJson(io, { forgotten });
      return;
    }
    writeLine(io.stdout, forgotten ? 'Locked: the key is forgotten on this machine.' : 'This machine kept no key.');
  },
};
