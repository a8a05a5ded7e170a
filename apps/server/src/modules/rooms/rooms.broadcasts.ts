import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../realtime/types';
import type { Broadcasts } from '../define-module';

/** A room's members hear its changes on the room's channel; a member who is gone is told on their own. */
export function roomBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'room.changed': ({ roomId, type, actorId, contentId }) => {
      io.to(channels.room(roomId)).emit('room:changed', { roomId, type, actorId, ...(contentId ? { contentId } : {}) });
    },
    'room.member-gone': ({ roomId, userId, reason }) => {
      // Membership ends now: every device of the user stops hearing the room before anything else is said.
      io.in(channels.user(userId)).socketsLeave(channels.room(roomId));
      io.to(channels.user(userId)).emit('room:closed', { roomId, reason });
    },
    'room.deleted': ({ roomId, actorId, memberIds }) => {
      io.to(channels.room(roomId)).emit('room:changed', { roomId, type: 'room_deleted', actorId });
      io.in(channels.room(roomId)).socketsLeave(channels.room(roomId));
      if (memberIds.length > 0) io.to(memberIds.map(channels.user)).emit('room:closed', { roomId, reason: 'deleted' });
    },
  };
}
