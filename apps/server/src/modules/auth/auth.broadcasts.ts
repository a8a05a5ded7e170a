import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../realtime/types';
import type { Broadcasts } from '../define-module';

/** A revoked session's sockets close at once, on whichever node they live. */
export function sessionBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'session.revoked': ({ sessionId, reason }) => {
      // Told before the close (which waits for it to be written), so every open tab says why it signs out.
      if (reason === 'account_disabled') io.to(channels.session(sessionId)).emit('account:disabled');
      io.in(channels.session(sessionId)).disconnectSockets(true);
    },
  };
}
