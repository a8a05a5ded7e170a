import type { ClientToServerEvents, ServerToClientEvents } from '@clipsync/shared';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../lib/actor';

/** Per-socket state set by the handshake: the signed-in actor, or null for a signed-out viewer. */
export interface SocketData {
  actor: Actor;
  /** The client's address (TRUST_PROXY honoured), as `request.ip` would be for the same client. */
  address: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no server-to-server events yet
export type InterServerEvents = {};

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
