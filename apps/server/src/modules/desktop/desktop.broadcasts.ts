import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../realtime/types';
import type { Broadcasts } from '../define-module';

/** Every open view of a desktop follows its blocks; views opened by an old link are told it ended. */
export function desktopBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'desktop.item-added': ({ desktopId, item }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:new', { networkId: desktopId, item });
    },
    'desktop.item-changed': ({ desktopId, item }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:modified', { networkId: desktopId, itemId: item.id, item });
    },
    'desktop.item-removed': ({ desktopId, itemId }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:removed', { networkId: desktopId, itemId });
    },
    'desktop.share-revoked': ({ desktopId }) => {
      // Told before they leave: the open pages of the old link say so at once instead of going quiet.
      io.to(channels.desktopShared(desktopId)).emit('desktop:share:revoked', { networkId: desktopId });
      io.in(channels.desktopShared(desktopId)).socketsLeave([
        channels.desktop(desktopId),
        channels.desktopShared(desktopId),
      ]);
    },
  };
}
