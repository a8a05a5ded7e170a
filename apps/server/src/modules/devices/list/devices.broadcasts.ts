import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../../realtime/types';
import type { Broadcasts } from '../../define-module';

/** The account's sockets hear its devices come and go. */
export function devicePresenceBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'device.presence-changed': ({ userId, deviceId, online, lastSeenAt }) => {
      io.to(channels.user(userId)).emit('device:presence', { deviceId, online, lastSeenAt });
    },
  };
}
