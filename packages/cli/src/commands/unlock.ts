import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { unlockClipboardKey, type UnlockWith } from '../clipboard-key';
import { writeLine } from '../io';
import { readSecret } from '../secret-input';
import { signedInClient } from '../session';

export const unlockCommand: Command = {
  summary: 'open your end-to-end encrypted clipboard on this machine',
  usage: `Usage: clipsync unlock [--recovery]

Opens your end-to-end encrypted clipboard's key with your passphrase (or, with --recovery, your
recovery key) and keeps it beside the sign-in, readable by you alone (0600), so that this machine
reads and writes your sealed clips. The passphrase is asked for, or read from CLIPSYNC_PASSPHRASE;
it never leaves this machine: the server checks a proof derived from it, and counts a wrong one as a
wrong sign-in password (10 in 15 minutes, then a wait). clipsync lock forgets the key.

Options:
  --recovery       unlock with the recovery key instead of the passphrase
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values } = parseCommandArgs({ args, options: { ...COMMON_OPTIONS, recovery: { type: 'boolean' } } });
    const client = await signedInClient(io);
    const secret: UnlockWith = values.recovery
      ? { recoveryKey: await readSecret(io, 'Recovery key: ') }
      : { passphrase: io.env.CLIPSYNC_PASSPHRASE || (await readSecret(io, 'Passphrase: ')) };
    const { path, keyId, account } = await unlockClipboardKey(io, client, secret);
    if (json) {
      printJson(io, { unlocked: true, keyId, path });
      return;
    }
    writeLine(io.stdout, `Unlocked: this machine opens the sealed clipboard of ${account.email}.`);
    writeLine(io.stdout, `The key is kept in ${path} (readable by you alone); clipsync lock forgets it.`);
  },
};
