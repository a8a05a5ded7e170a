import { channels } from '@clipsync/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer } from '../../realtime/types';

/** Which of these sessions have a socket open now. */
export interface DevicePresence {
  onlineSessions(sessionIds: readonly string[]): Promise<Set<string>>;
}

/**
 * Presence is asked of the sockets themselves (decision 027): every signed-in socket is in its session's
 * channel, and `fetchSockets` answers for every node through the adapter (Redis) or for this one alone. No
 * second record is kept, so nothing can say "online" for a socket that is gone, even after a node died.
 * A node that does not answer in time (the adapter's 5 s) leaves this node's own sockets as the answer.
 */
export function createSocketPresence(io: RealtimeServer, log: FastifyBaseLogger): DevicePresence {
  const sessionsOf = (sockets: Array<{ data: { actor?: { sessionId: string } | null } }>) =>
    new Set(sockets.flatMap((socket) => (socket.data.actor ? [socket.data.actor.sessionId] : [])));
  return {
    async onlineSessions(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      const rooms = sessionIds.map(channels.session);
      try {
        return sessionsOf(await io.in(rooms).fetchSockets());
      } catch (error) {
        log.warn({ err: error }, 'another node did not say which sockets it holds: presence from this node only');
        return sessionsOf(await io.local.in(rooms).fetchSockets());
      }
    },
  };
}
