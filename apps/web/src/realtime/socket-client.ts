import type { ClientToServerEvents, ServerToClientEvents } from '@clipsync/shared';
import type { Socket } from 'socket.io-client';
import { sessionStore } from '../api/session-store';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Socket connection timings. They concern this client alone, so they live beside it. */
const SOCKET_CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_RECONNECTION_ATTEMPTS = 5;
const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_STATUS_POLL_MS = 5000;

/** A signed-in user's socket carries their access token; a guest's (a signed-out clip viewer) carries none. */
export type SocketIdentity = 'user' | 'guest';

/**
 * A socket to the app's own origin (the server serves the app and Socket.IO together), websocket only,
 * not yet connected. The token is read at every (re)connect attempt, so one refreshed in the meantime is
 * the one sent. Each socket gets its own connection: a guest's must never reuse a user's.
 * Socket.IO's client (~12 KB gzip) is fetched with the first socket: a signed-out visitor of the landing
 * page never opens one, so it stays out of the first load (its budget: bench/README.md, landing).
 */
export async function createRealtimeSocket(identity: SocketIdentity): Promise<RealtimeSocket> {
  const { io } = await import('socket.io-client');
  return io({
    transports: ['websocket'],
    withCredentials: true,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    autoConnect: false,
    forceNew: true,
    auth: (send) => {
      const token = identity === 'user' ? sessionStore.getSession()?.access_token : undefined;
      send(token ? { token } : {});
    },
  });
}

type ClientEvent = keyof ClientToServerEvents;

/** An emit on a socket that is not connected is skipped with a console warning. */
export function emitWhenConnected<Event extends ClientEvent>(
  socket: RealtimeSocket,
  event: Event,
  ...args: Parameters<ClientToServerEvents[Event]>
): boolean {
  if (!socket.connected) {
    console.warn(`Socket not connected: '${event}' was not sent`);
    return false;
  }
  socket.emit(event, ...args);
  return true;
}
