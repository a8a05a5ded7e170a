import {
  ChangeClipboardPassphraseRequest,
  ClipboardKeyStatus,
  EnableClipboardKeyRequest,
  UnlockClipboardKeyRequest,
  UnlockedClipboardKey,
} from '../../schemas/clipboard-key';
import { defineEndpoints } from '../endpoint';

/**
 * The caller's end-to-end encrypted clipboard key (docs/encryption.md#account-keys): the server keeps wrapped
 * copies and the SHA-256 of their unlock proofs, never a key it can use. A wrong proof answers 403
 * `WRONG_PASSWORD` with `attemptsLeft`, and after too many, 429 `RATE_LIMITED` with `retryAfterSeconds`, as a
 * sign-in does. A token may read the status and unlock (`clips:read`: the CLI's `watch`); turning the encryption
 * on, changing the passphrase and turning it off are the web app's (403 `TOKEN_NOT_ALLOWED`).
 */
export const CLIPBOARD_KEY_ENDPOINTS = defineEndpoints({
  /** Whether the account's clipboard is sealed, the key's id and the passphrase's salt. */
  status: { method: 'GET', scope: 'clips:read', path: '/account/clipboard-key', response: ClipboardKeyStatus },
  /** Turns it on with the two wrapped copies; 409 `CONFLICT` when it is on already. */
  enable: {
    method: 'PUT',
    path: '/account/clipboard-key',
    body: EnableClipboardKeyRequest,
    response: ClipboardKeyStatus,
  },
  /** The wrapped copy the proof opens; 404 when the clipboard is not sealed. */
  unlock: {
    method: 'POST',
    scope: 'clips:read',
    path: '/account/clipboard-key/unlock',
    body: UnlockClipboardKeyRequest,
    response: UnlockedClipboardKey,
  },
  /** Replaces the passphrase's copy (the key and the recovery key stay). */
  changePassphrase: {
    method: 'PUT',
    path: '/account/clipboard-key/passphrase',
    body: ChangeClipboardPassphraseRequest,
    response: ClipboardKeyStatus,
  },
  /** Forgets the key and both copies, proved by the passphrase or the recovery key (the device unsealed first). */
  disable: {
    method: 'POST',
    path: '/account/clipboard-key/disable',
    body: UnlockClipboardKeyRequest,
    status: 204,
    response: null,
  },
});
