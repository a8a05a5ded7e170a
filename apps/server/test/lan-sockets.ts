import type { LanPeersList, SocketAck } from '@clipsync/shared';
import type { TestSocket } from './socket-client';

/** What a socket event's acknowledgement carries: `{ ok: true }` or `{ ok: false, error, code }`. */
export type AckResult = Parameters<SocketAck>[0];

/** Emits `event` with `payload` and resolves with the server's acknowledgement. */
export const emitAck = (socket: TestSocket, event: string, payload: unknown) =>
  new Promise<AckResult>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));

/** Asks a LAN peer's socket for its peer list and resolves with the list the server sends it next. */
export const listOf = (socket: TestSocket) => {
  const list = new Promise<LanPeersList>((resolve) => socket.once('lan:peers:list', resolve));
  socket.emit('lan:discover:request_peers', {});
  return list;
};
