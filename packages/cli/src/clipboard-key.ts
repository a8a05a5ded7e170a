import { CLIPBOARD_KEY_ENDPOINTS, TOKEN_ENDPOINTS } from '@clipsync/shared';
import { DecryptError, UnlockSecret, type AccountKey } from '@clipsync/shared/crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { configDirectory, removeConfigFile, writePrivateFile } from './config';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

/**
 * The account key of an end-to-end encrypted clipboard, as `clipsync unlock` keeps it beside the token
 * (docs/cli.md#unlock-and-lock): readable by the user alone (0600), for the server and account it opened for.
 */
export const StoredClipboardKey = z.object({
  server: z.url(),
  account: z.string().min(1),
  keyId: z.string().min(1),
  key: z.string().min(1),
});
export type StoredClipboardKey = z.infer<typeof StoredClipboardKey>;

export const CLIPBOARD_KEY_FILE_NAME = 'clipboard-key.json';

type ConfigIo = Pick<CliIo, 'env' | 'platform' | 'homedir'>;

export const clipboardKeyPath = (io: ConfigIo): string => join(configDirectory(io), CLIPBOARD_KEY_FILE_NAME);

export const forgetClipboardKey = (io: ConfigIo): Promise<boolean> => removeConfigFile(io, CLIPBOARD_KEY_FILE_NAME);

export type UnlockWith = { passphrase: string } | { recoveryKey: string };

/**
 * Opens the account's key with the passphrase or the recovery key and keeps it: the status gives the salt, the
 * server checks the proof (and counts a wrong one) and hands the wrapped copy, which opens here. Nothing is
 * written unless it opened for this very account.
 */
export async function unlockClipboardKey(io: ConfigIo, client: ApiClient, secret: UnlockWith) {
  const status = await client.call(CLIPBOARD_KEY_ENDPOINTS.status);
  if (!status.enabled || !status.passphraseSalt) {
    throw new CliError('Your clipboard is not encrypted end to end: there is nothing to unlock', EXIT.GENERAL_FAILURE);
  }
  const unlock = await ('passphrase' in secret
    ? UnlockSecret.fromPassphrase(secret.passphrase, status.passphraseSalt)
    : UnlockSecret.fromRecoveryKey(secret.recoveryKey).catch((error: unknown) => {
        throw error instanceof DecryptError ? new CliError(`Not a recovery key: ${error.message}`, EXIT.USAGE) : error;
      }));
  const [{ wrapped, keyId }, { user }] = await Promise.all([
    client.call(CLIPBOARD_KEY_ENDPOINTS.unlock, { body: { kind: unlock.kind, unlockProof: unlock.unlockProof } }),
    client.call(TOKEN_ENDPOINTS.current),
  ]);
  let key: AccountKey;
  try {
    key = await unlock.open(wrapped, user.id);
  } catch (error) {
    if (!(error instanceof DecryptError)) throw error;
    throw new CliError(
      `The server's copy of your key did not open (${error.reason}): nothing was kept`,
      EXIT.GENERAL_FAILURE,
    );
  }
  if ((await key.id()) !== keyId) {
    throw new CliError("The server's copy of your key is not the key it names: nothing was kept", EXIT.GENERAL_FAILURE);
  }
  const stored: StoredClipboardKey = { server: client.server, account: user.id, keyId, key: key.toBase64Url() };
  const path = await writePrivateFile(io, CLIPBOARD_KEY_FILE_NAME, `${JSON.stringify(stored, null, 2)}\n`);
  return { path, keyId, account: user };
}
