import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { writeLine } from '../io';
import { clipIdArgument, signedInClient } from '../session';

export const rmCommand: Command = {
  summary: 'delete a clip and its files',
  usage: `Usage: clipsync rm ID

Deletes the clip ID (as clipsync ls shows it) with its files, on every device.

Options:
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { positionals } = parseCommandArgs(
      { args, options: COMMON_OPTIONS, allowPositionals: true },
      { min: 1, max: 1 },
    );
    const id = clipIdArgument(positionals[0]!);
    const client = await signedInClient(io);
    await client.call(CLIP_ENDPOINTS.remove, { params: { id } });
    if (json) printJson(io, { deleted: id });
    else writeLine(io.stdout, `Deleted clip ${id}`);
  },
};
