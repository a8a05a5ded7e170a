import { io } from 'socket.io-client';
import { sessionStore } from '../api/session-store';
import type { RealtimeSocket } from './socket-client';

export type LanSocketFactory = () => RealtimeSocket;

/**
 * A LAN peer is its own connection (never the app's main socket): websocket only, to the app's origin.
 * Socket.IO reconnects it by itself when its transport drops (a node draining on SIGTERM closes it so),
 * so the token is read at every attempt: the one refreshed in the meantime is the one sent.
 */
export const createLanSocket: LanSocketFactory = () =>
  io({
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
    forceNew: true,
    // It discovers until its user chooses to share; the announce, not the type, makes it a host.
    query: { type: 'lan_discover' },
    auth: (send) => {
      const token = sessionStore.getSession()?.access_token;
      send(token ? { token } : {});
    },
  });
