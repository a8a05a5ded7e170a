import type { ClipUpdatePayload } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from './socket-context';

/**
 * Saves of one of the owner's clips made on any of their devices (`clip-update`, sent to the owner's own
 * channel, which their signed-in socket is in from the start): an editor follows the stored text and its
 * version with them. Joining the clip's channel stays the viewers' part.
 */
export function useOwnClipUpdates(clipId: string, onUpdate: (update: ClipUpdatePayload) => void): void {
  const { socket } = useSocket();
  const hear = useEffectEvent((update: ClipUpdatePayload) => {
    if (update.clipId === clipId) onUpdate(update);
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (update: ClipUpdatePayload) => hear(update);
    socket.on('clip-update', listener);
    return () => {
      socket.off('clip-update', listener);
    };
  }, [socket]);
}
