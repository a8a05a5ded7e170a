import { decryptText, type ShareKey } from '@clipsync/shared/crypto';

/**
 * Plain texts of end-to-end encrypted clips this page sealed or opened, by key then envelope: a saved text, a
 * card's preview or a live update's text shows again without a wait, and is opened once.
 */
const openedTexts = new WeakMap<ShareKey, Map<string, string>>();

export function rememberOpenedText(key: ShareKey, envelope: string, text: string): void {
  const texts = openedTexts.get(key) ?? new Map<string, string>();
  texts.set(envelope, text);
  openedTexts.set(key, texts);
}

/** The text of `envelope` if this page opened it already (`''` opens to itself: an empty clip). */
export const openedTextOf = (key: ShareKey, envelope: string): string | undefined =>
  envelope === '' ? '' : openedTexts.get(key)?.get(envelope);

/** Rejects with a DecryptError for an altered, cut or foreign envelope. */
export async function openText(envelope: string, key: ShareKey): Promise<string> {
  const text = openedTextOf(key, envelope) ?? (await decryptText(envelope, key));
  rememberOpenedText(key, envelope, text);
  return text;
}
