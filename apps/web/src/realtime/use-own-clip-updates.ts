import type { ClipUpdatePayload } from '@clipsync/shared';
import { useUserEvent } from './use-user-event';

/**
 * Saves of one of the owner's clips made on any of their devices (`clip-update`, sent to the owner's own
 * channel, which their signed-in socket is in from the start): an editor follows the stored text and its
 * version with them. Joining the clip's channel stays the viewers' part.
 */
export function useOwnClipUpdates(clipId: string, onUpdate: (update: ClipUpdatePayload) => void): void {
  useUserEvent('clip-update', (update) => {
    if (update.clipId === clipId) onUpdate(update);
  });
}
