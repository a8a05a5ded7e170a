import { DecryptError } from '@clipsync/shared/crypto';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import i18n from '../../../i18n';
import { clipboardKeyFailure, newPassphraseError, secretError } from './clipboard-key-form';

const t = i18n.t.bind(i18n);

describe('the clipboard key forms', () => {
  test('a new passphrase: at least 12 characters as a person counts them, typed the same twice', () => {
    expect(newPassphraseError('', '', t)).toBe('Your passphrase must be at least 12 characters long');
    expect(newPassphraseError('eleven char', 'eleven char', t)).toBe(
      'Your passphrase must be at least 12 characters long',
    );
    // Eleven letters and a decomposed accent (two code units) are still eleven characters plus one: twelve.
    expect(newPassphraseError('caf\u0065\u0301 au lait', 'caf\u0065\u0301 au lait', t)).toBeNull();
    expect(newPassphraseError('🔑🔑🔑🔑🔑🔑', '🔑🔑🔑🔑🔑🔑', t)).toBe(
      'Your passphrase must be at least 12 characters long',
    );
    expect(newPassphraseError('twelve chars', 'twelve chars', t)).toBeNull();
    expect(newPassphraseError('twelve chars', 'twelve charz', t)).toBe('The two passphrases are not the same');
  });

  test('the passphrase or the recovery key that proves it is you: present, and a recovery key shaped as one', () => {
    expect(secretError({ kind: 'passphrase', passphrase: '' }, t)).toBe('Enter your passphrase');
    expect(secretError({ kind: 'passphrase', passphrase: 'x' }, t)).toBeNull();
    expect(secretError({ kind: 'recovery', recoveryKey: '  ' }, t)).toBe('Enter your recovery key');
    expect(secretError({ kind: 'recovery', recoveryKey: 'M2GT-58X4' }, t)).toBe(
      'A recovery key is 32 letters and digits, as it was shown',
    );
    expect(secretError({ kind: 'recovery', recoveryKey: 'm2gt 58x4 mpka fa59 nant sbde nyrb 3cnk' }, t)).toBeNull();
  });

  test('a failure in words: a wrong proof, the lock and its wait, a copy that did not open, the server', () => {
    const wrong = new ApiError('The passphrase or recovery key is wrong', 403, 'WRONG_PASSWORD');
    expect(clipboardKeyFailure(wrong, t)).toBe('The passphrase or recovery key is wrong');
    const locked = new ApiError('Too many', 429, 'RATE_LIMITED', undefined, undefined, { retryAfterSeconds: 540 });
    expect(clipboardKeyFailure(locked, t)).toBe('Too many wrong tries for this account. Try again in 9 minutes.');
    expect(clipboardKeyFailure(new DecryptError('AUTHENTICATION_FAILED', 'no'), t)).toBe(
      "The server's copy of your key did not open on this device. Nothing was changed.",
    );
    expect(clipboardKeyFailure(new ApiError('Your clipboard is not encrypted end to end', 404, 'NOT_FOUND'), t)).toBe(
      'Your clipboard is not encrypted end to end',
    );
    expect(clipboardKeyFailure(new TypeError('fetch failed'), t)).toBe('Something went wrong. Try again.');
  });
});
