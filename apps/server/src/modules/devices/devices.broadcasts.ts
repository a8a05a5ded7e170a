import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../realtime/types';
import type { Broadcasts } from '../define-module';

/** The account's sockets hear its devices come and go and prove each other near. */
export function devicePresenceBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'device.presence-changed': ({ userId, deviceId, online, lastSeenAt }) => {
      io.to(channels.user(userId)).emit('device:presence', { deviceId, online, lastSeenAt });
    },
    'device.proved-near': ({ userId, deviceIds, nearUntil }) => {
      io.to(channels.user(userId)).emit('device:near', { deviceIds, nearUntil });
    },
  };
}

/** A send is handed to the sockets of its device's session. */
export function deviceSendBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'device.send-due': ({ sessionId, send }) => {
      io.to(channels.session(sessionId)).emit('device:send', send);
    },
  };
}
