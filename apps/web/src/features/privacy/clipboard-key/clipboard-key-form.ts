import { CLIPBOARD_PASSPHRASE_MIN } from '@clipsync/shared';
import { DecryptError, parseRecoveryKey } from '@clipsync/shared/crypto';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error';
import type { ClipboardKeySecret } from '../../../api/clipboard-key-queries';
import { waitText } from '../../../lib/wait-text';

/** A new passphrase typed twice: the first failure's text, or null when it will do. */
export function newPassphraseError(passphrase: string, again: string, t: TFunction): string | null {
  // Characters as a person counts them: "é" typed as e + accent is one, as Argon2id's NFC input has it.
  if ([...passphrase.normalize('NFC')].length < CLIPBOARD_PASSPHRASE_MIN) {
    return t('privacy.e2e.errors.tooShort', { min: CLIPBOARD_PASSPHRASE_MIN });
  }
  return passphrase === again ? null : t('privacy.e2e.errors.mismatch');
}

/** The passphrase or recovery key that proves the person: present, and a recovery key shaped as one. */
export function secretError(secret: ClipboardKeySecret, t: TFunction): string | null {
  if (secret.kind === 'passphrase') return secret.passphrase === '' ? t('privacy.e2e.errors.passphraseRequired') : null;
  if (secret.recoveryKey.trim() === '') return t('privacy.e2e.errors.recoveryRequired');
  try {
    parseRecoveryKey(secret.recoveryKey);
    return null;
  } catch {
    return t('privacy.e2e.errors.recoveryMalformed');
  }
}

/**
 * A failed unlock or change, in the reader's language: a wrong proof, the lock after too many (with its wait),
 * a copy that did not open here; else the server's own words.
 */
export function clipboardKeyFailure(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') return t('privacy.e2e.errors.wrong');
  const seconds = error instanceof ApiError ? error.attempts.retryAfterSeconds : undefined;
  if (seconds !== undefined) return t('privacy.e2e.errors.tooManyTries', { wait: waitText(seconds, t) });
  if (error instanceof DecryptError) return t('privacy.e2e.errors.didNotOpen');
  return error instanceof ApiError && error.isServerRefusal ? error.message : t('privacy.e2e.errors.failed');
}
