import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../../realtime/types';
import type { Broadcasts } from '../../define-module';

/** A send is handed to the sockets of its device's session. */
export function deviceSendBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'device.send-due': ({ sessionId, send }) => {
      io.to(channels.session(sessionId)).emit('device:send', send);
    },
  };
}
