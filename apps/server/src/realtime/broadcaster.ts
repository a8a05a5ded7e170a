import { channels } from '@clipsync/shared';
import type { DomainEvents } from '../lib/domain-events';
import type { RealtimeServer } from './types';

/** The one place domain events become socket messages: which channel hears what (ARCHITECTURE §2 rule 6). */
export function startBroadcaster(io: RealtimeServer, events: DomainEvents): () => void {
  const unsubscribers = [
    events.on('clip.content-saved', ({ clipId, ownerId, content, files }) => {
      io.to(channels.clip(clipId)).emit('clip-content-updated', { clipId, content });
      io.to(channels.user(ownerId)).emit('clip-update', { clipId, content, files });
    }),
    events.on('clip.files-changed', ({ clipId, ownerId, content, files }) => {
      io.to(channels.clip(clipId)).emit('clip-files-updated', { clipId, files });
      io.to(channels.user(ownerId)).emit('clip-update', { clipId, content, files });
    }),
    events.on('clip.deleted', ({ clipId }) => {
      io.to(channels.clip(clipId)).emit('clip-deleted', { clipId });
      // Nothing more will be said on this channel; its viewers stop holding a place in it.
      io.in(channels.clip(clipId)).socketsLeave(channels.clip(clipId));
    }),
    events.on('session.revoked', ({ sessionId }) => {
      io.in(channels.session(sessionId)).disconnectSockets(true);
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
