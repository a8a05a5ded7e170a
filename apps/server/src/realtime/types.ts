import type { ClientToServerEvents, ServerToClientEvents } from '@clipsync/shared';
import type { Server, Socket } from 'socket.io';
import type { VerifiedAccessClaims } from '../modules/auth/access-token';

/** Per-socket state set by the handshake: the signed-in actor, or null for a signed-out viewer. */
export interface SocketData {
  actor: VerifiedAccessClaims | null;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no server-to-server events yet
export type InterServerEvents = {};

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
