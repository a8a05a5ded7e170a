import { DESKTOP_ITEMS_MAX, ITEM_TEXT_MAX_BYTES } from '@clipsync/shared';

/**
 * Text the answers an area keeps in memory (a desktop's, a room's detail) may hold together: two of the
 * largest desktops. One answer holds up to 32 MB of text, so the caches' counts alone would let a few
 * hundred full desktops or rooms fill the server's memory.
 */
export const CACHED_TEXT_MAX = 2 * DESKTOP_ITEMS_MAX * ITEM_TEXT_MAX_BYTES;

/** What a cached answer holding these items weighs: the length of their text. */
export function textHeldBy(items: ReadonlyArray<{ content: string }>): number {
  let length = 0;
  for (const item of items) length += item.content.length;
  return length;
}
