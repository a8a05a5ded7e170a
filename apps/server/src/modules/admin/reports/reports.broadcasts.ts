import { channels, TAKEN_DOWN_MESSAGE } from '@clipsync/shared';
import type { RealtimeServer } from '../../../realtime/types';
import type { Broadcasts } from '../../define-module';

/** Every view of a taken-down item but its owner's is told, and stops hearing it. */
export function takedownBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'moderation.item-taken-down': ({ kind, itemId, ownerId, channelIds }) => {
      const message = TAKEN_DOWN_MESSAGE;
      if (kind === 'clip') {
        for (const id of channelIds) {
          io.to(channels.clip(id)).except(channels.user(ownerId)).emit('item:taken-down', { kind, id, message });
          io.in(channels.clip(id)).except(channels.user(ownerId)).socketsLeave(channels.clip(id));
        }
      } else if (kind === 'desktop') {
        io.to(channels.desktopShared(itemId)).emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.desktopShared(itemId)).socketsLeave([channels.desktop(itemId), channels.desktopShared(itemId)]);
      } else {
        io.to(channels.room(itemId))
          .except(channels.user(ownerId))
          .emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.room(itemId)).except(channels.user(ownerId)).socketsLeave(channels.room(itemId));
        // Signed-out visitors holding one of its links: the sign-in page they wait on says so at once.
        io.to(channels.roomLink(itemId)).emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.roomLink(itemId)).socketsLeave(channels.roomLink(itemId));
      }
    },
  };
}
