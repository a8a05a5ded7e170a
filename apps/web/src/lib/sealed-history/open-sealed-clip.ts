import type { Clip } from '@clipsync/shared';
import { decryptText, DecryptError, type DecryptFailure, type ShareKey } from '@clipsync/shared/crypto';
import { clipKeyOf, type ClipKeyCache } from '../clipboard-key/clip-keys';

/**
 * Why a clip of the owner's history did not open on this device: a DecryptError's reason (a wrapped key for
 * another account or altered: AUTHENTICATION_FAILED; cut or not this format: MALFORMED; a later format:
 * UNSUPPORTED_VERSION), or NOT_SEALED for an encrypted clip without a wrapped key (a link-encrypted clip,
 * whose key lives only in a link or the browser that made it).
 */
export type SealedClipFailure = DecryptFailure | 'NOT_SEALED';

/** One clip of the history, opened or not: the screen shows a failed one as such, never its envelope. */
export type OpenedClip =
  | {
      isOpen: true;
      /** As the server answered it: a sealed clip's `content` is still the envelope. */
      clip: Clip;
      text: string;
      /**
       * A sealed clip's own key: its sealed files open with it, and its share link is `#${key.fragment}`. Null
       * for a plain clip (not sealed yet, or made before the clipboard was), whose text is its content.
       */
      key: ShareKey | null;
    }
  | { isOpen: false; clip: Clip; failure: SealedClipFailure };

/** The failure a throw from unwrapping or decrypting stands for; anything but a DecryptError is a bug: rethrown. */
function failureOf(error: unknown): SealedClipFailure {
  if (error instanceof DecryptError) return error.reason;
  throw error;
}

/**
 * The text of a sealed envelope with its clip's wrapped key: the history load, and a live update's new
 * envelope. An empty content is an empty text (a sealed clip whose text was cleared keeps no envelope).
 */
export async function openSealedText(
  envelope: string,
  wrappedKey: string,
  sealingKey: CryptoKey,
  cache?: ClipKeyCache,
): Promise<{ isOpen: true; text: string; key: ShareKey } | { isOpen: false; failure: SealedClipFailure }> {
  try {
    const key = await clipKeyOf(sealingKey, wrappedKey, cache);
    const text = envelope === '' ? '' : await decryptText(envelope, key);
    return { isOpen: true, text, key };
  } catch (error) {
    return { isOpen: false, failure: failureOf(error) };
  }
}

/**
 * A clip of the owner's history opened with the account's sealing key. A clip that does not open (corrupt,
 * cut, another account's wrapped key, or encrypted without a wrapped key) comes back as failed with its
 * reason; nothing of it is thrown through to the screen. A plain clip (a sealed account's history holds some
 * while its sealing runs) passes through as open, its text its content.
 */
export async function openSealedClip(clip: Clip, sealingKey: CryptoKey, cache?: ClipKeyCache): Promise<OpenedClip> {
  if (!clip.encrypted) return { isOpen: true, clip, text: clip.content, key: null };
  if (!clip.wrappedKey) return { isOpen: false, clip, failure: 'NOT_SEALED' };
  const opened = await openSealedText(clip.content, clip.wrappedKey, sealingKey, cache);
  return { ...opened, clip };
}
