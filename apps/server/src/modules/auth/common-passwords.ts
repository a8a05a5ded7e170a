import { COMMON_PASSWORDS_REFUSED } from '@clipsync/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/app-error';

/**
 * The most common passwords, most frequent first: zxcvbn-ts's list (MIT), shipped with the app, read once.
 * Its entries are lower case, so a capital first letter does not make one of them acceptable.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Refuses a password that guessers try first; before anything is written or any link is spent. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
}
