import type { Clip } from '@clipsync/shared';
import { useOpenedText } from '../lib/use-opened-text';
import { useSealedClipKey } from '../session/use-sealed-clipboard';

/**
 * A card's view of a clip its owner's encrypted clipboard sealed: its text opened on this device (`open`),
 * `locked` until this device unlocks, `failed` when it does not open. `none` for every other clip.
 */
export type SealedClipText = { state: 'none' | 'loading' | 'locked' | 'failed' } | { state: 'open'; text: string };

export function useSealedClipText(clip: Clip): SealedClipText {
  const clipKey = useSealedClipKey(clip.encrypted ? clip.wrappedKey : null);
  const key = clipKey.state === 'open' ? clipKey.key : null;
  const text = useOpenedText(key ? clip.content : null, key);
  if (clipKey.state !== 'open') return { state: clipKey.state };
  if (text.hasFailed) return { state: 'failed' };
  return text.value === undefined ? { state: 'loading' } : { state: 'open', text: text.value };
}
