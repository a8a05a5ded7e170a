import { DecryptError } from '@clipsync/shared/crypto';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';

/**
 * The one sentence for every decryption failure, as the web viewer says it (docs/encryption.md): a wrong
 * key, a wrong password and altered bytes are one failure to AES-GCM, so the CLI does not guess which.
 */
export const UNDECRYPTABLE = 'This link is incomplete or the password is wrong';

/** A DecryptError as the CLI reports it: exit 1 (GENERAL_FAILURE), code DECRYPT_FAILED under --json. */
export function undecryptable(error: DecryptError): CliError {
  // Only a missing password is worth telling apart: the link holder can do something about it.
  const message =
    error.reason === 'PASSWORD_REQUIRED'
      ? `${UNDECRYPTABLE} (this link needs its password: --password)`
      : UNDECRYPTABLE;
  return new CliError(message, EXIT.GENERAL_FAILURE, { error: message, code: 'DECRYPT_FAILED' });
}

/** Runs `work`, any DecryptError in it becoming the one message; other failures (network…) pass unchanged. */
export async function decrypting<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof DecryptError ? undecryptable(error) : error;
  }
}
