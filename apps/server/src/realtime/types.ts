import type { ClientToServerEvents, ServerToClientEvents } from '@clipsync/shared';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../lib/actor';

/** Per-socket state set by the handshake: the signed-in actor, or null for a signed-out viewer. */
export interface SocketData {
  actor: Actor;
  /** The client's address (TRUST_PROXY honoured), as `request.ip` would be for the same client. */
  address: string;
  /** The address its network is told by, undefined when it is grouped with no one (lib/client-address.ts). */
  networkAddress: string | undefined;
  /** A LAN socket's peer id, for its proved-near devices on other networks to find it (lan-nearness.ts). */
  lanPeerId?: string;
}

/** Between nodes (through the adapter): a session revoked on one node is no longer live on the others. */
export interface InterServerEvents {
  'session:revoked': (sessionId: string) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
