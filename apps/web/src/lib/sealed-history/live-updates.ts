import type { ClipCreatedPayload, ClipUpdatePayload } from '@clipsync/shared';
import type { ClipKeyCache } from '../clipboard-key/clip-keys';
import { openSealedText } from './open-sealed-clip';
import type { SealedHistoryIndex } from './sealed-history-index';

/** The text a live save carries, opened: a sealed envelope with its clip's (cached) key, a plain text as it is. */
async function textOf(update: ClipUpdatePayload, sealingKey: CryptoKey, cache: ClipKeyCache | undefined) {
  if (!update.encrypted) return { isReadable: true, text: update.content };
  if (!update.wrappedKey) return { isReadable: false, text: '' };
  const opened = await openSealedText(update.content, update.wrappedKey, sealingKey, cache);
  return opened.isOpen ? { isReadable: true, text: opened.text } : { isReadable: false, text: '' };
}

/**
 * A save heard live on the owner's channel (`clip-update`, or `clip-created` for a new clip) applied to the
 * index: the new text opened on the device (the clip's key is unwrapped once per page, so an edit costs one
 * decryption), the files' presence, and a plain clip's file names. A sealed clip keeps the names the caller gave
 * while it has as many files; otherwise they are unknown again until the caller reads them (`index.update(id,
 * { fileNames })`). An update of a clip the index does not hold yet is left to the history load that will read
 * it. Deletions are `index.remove(clipId)` (`clip-deleted`); favourites `index.update(id, { isFavorite })`.
 */
export async function indexClipUpdate(
  index: SealedHistoryIndex,
  update: ClipUpdatePayload | ClipCreatedPayload,
  sealingKey: CryptoKey,
  cache?: ClipKeyCache,
): Promise<void> {
  const opened = await textOf(update, sealingKey, cache);
  const held = index.get(update.clipId);
  const fileNames = !update.encrypted
    ? update.files.map((file) => file.name)
    : held && held.fileNames.length === update.files.length
      ? held.fileNames
      : [];
  const changes = { ...opened, version: update.version, fileNames, hasFiles: update.files.length > 0 };
  if (held) index.update(update.clipId, changes);
  else if ('createdAt' in update) {
    index.add({ id: update.clipId, createdAt: update.createdAt, isFavorite: false, ...changes });
  }
}
