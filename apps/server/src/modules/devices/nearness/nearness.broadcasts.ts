import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../../realtime/types';
import type { Broadcasts } from '../../define-module';

/** The account's sockets hear two of its devices proved near. */
export function nearnessBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'device.proved-near': ({ userId, deviceIds, nearUntil }) => {
      io.to(channels.user(userId)).emit('device:near', { deviceIds, nearUntil });
    },
  };
}
