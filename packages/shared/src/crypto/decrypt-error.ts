/**
 * Why a link, an envelope or a file did not decrypt. The UI shows one sentence for all of them ("This link is
 * incomplete or the password is wrong"); the reason is for logs, tests, and for asking for a password first.
 * - KEY_MALFORMED: the link's `#k=` fragment is missing, cut or altered.
 * - PASSWORD_REQUIRED: the data was sealed with a password and none was given.
 * - UNSUPPORTED_VERSION: a format this code does not know (a newer client wrote it).
 * - MALFORMED: not this format, or cut before its first authenticated record.
 * - AUTHENTICATION_FAILED: a record's tag did not verify: wrong key, wrong password, or data altered,
 *   truncated, reordered or extended. AES-GCM cannot tell these apart, and nothing is output for such a record.
 * - WRONG_ACCOUNT: an account key's wrapped copy opened, but it is another account's (account-key.ts).
 */
export type DecryptFailure =
  | 'KEY_MALFORMED'
  | 'PASSWORD_REQUIRED'
  | 'UNSUPPORTED_VERSION'
  | 'MALFORMED'
  | 'AUTHENTICATION_FAILED'
  | 'WRONG_ACCOUNT';

export class DecryptError extends Error {
  override readonly name = 'DecryptError';
  readonly reason: DecryptFailure;

  constructor(reason: DecryptFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}
