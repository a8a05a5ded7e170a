import { limitKeyOf } from '../lib/address-limit-key';
import type { RealtimeServer, RealtimeSocket } from './types';

/**
 * Socket.IO keeps in memory every message a socket has not taken yet, without limit. A client that asks
 * for large messages and never reads them (a LAN host's desktop requested again and again, a busy room)
 * would make the server hold them all: past this, the socket is dropped. Far above what a reader that
 * is merely slow holds (a few LAN desktops of ≤ 1 MB each).
 */
export const SLOW_CONSUMER_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The same for the sockets of one address that are not reading, together: one device may open
 * SOCKET_CONNECTIONS_PER_IP sockets (an IPv6 device from anywhere in its /64, which counts as one
 * address), which the bound per socket alone would let hold 1.6 GB. Sockets that are taking their
 * messages do not count, so a crowd behind one address (an office's NAT, a LAN) that receives a large
 * message at once is left to read it.
 */
export const SLOW_CONSUMER_MAX_BYTES_PER_ADDRESS = 64 * 1024 * 1024;
const CHECK_EVERY_MS = 1000;

/** Engine.IO's websocket transport and its `ws` socket: the parts read here, not in their typings. */
interface Connection {
  writeBuffer: Array<{ data?: unknown }>;
  transport: { socket?: { bufferedAmount?: number; terminate?: () => void } };
}

/** Bytes waiting for this socket: queued by Engine.IO while the transport was busy, and inside `ws`. */
function pendingBytesOf(socket: RealtimeSocket): number {
  const connection = socket.conn as unknown as Connection;
  let queued = connection.transport.socket?.bufferedAmount ?? 0;
  for (const packet of connection.writeBuffer) {
    const { data } = packet;
    queued += typeof data === 'string' ? data.length : ArrayBuffer.isView(data) ? data.byteLength : 0;
  }
  return queued;
}

/**
 * Disconnected as any socket is (rooms left, handlers told), then its connection cut at once: a polite
 * close would wait for the client to read its way to the close frame, and keep all it did not read.
 */
function drop(socket: RealtimeSocket): void {
  const { transport } = socket.conn as unknown as Connection;
  socket.disconnect(true);
  transport.socket?.terminate?.();
}

export interface SlowConsumerBounds {
  perSocket: number;
  perAddress: number;
}

/** What each socket had waiting at the last check: a socket whose backlog did not shrink since is stalled. */
export type PendingAtLastCheck = WeakMap<RealtimeSocket, number>;

/**
 * The sockets to drop: each over the bound alone, then, for each address whose stalled sockets hold more
 * than its bound together, the fullest of those. Records each socket's backlog in `lastCheck`.
 */
export function slowConsumersOf(
  sockets: Iterable<RealtimeSocket>,
  bounds: SlowConsumerBounds,
  lastCheck: PendingAtLastCheck,
): RealtimeSocket[] {
  const dropped: RealtimeSocket[] = [];
  const stalledByAddress = new Map<string, { socket: RealtimeSocket; pending: number }[]>();
  for (const socket of sockets) {
    const pending = pendingBytesOf(socket);
    const before = lastCheck.get(socket) ?? 0;
    lastCheck.set(socket, pending);
    if (pending > bounds.perSocket) {
      dropped.push(socket);
    } else if (before > 0 && pending >= before) {
      const address = limitKeyOf(socket.data.address);
      const stalled = stalledByAddress.get(address) ?? [];
      stalledByAddress.set(address, stalled);
      stalled.push({ socket, pending });
    }
  }
  for (const stalled of stalledByAddress.values()) {
    let total = stalled.reduce((sum, { pending }) => sum + pending, 0);
    for (const { socket, pending } of stalled.sort((a, b) => b.pending - a.pending)) {
      if (total <= bounds.perAddress) break;
      dropped.push(socket);
      total -= pending;
    }
  }
  return dropped;
}

/** Checks every socket of this node once a second; returns the stop. */
export function startSlowConsumerGuard(
  io: RealtimeServer,
  bounds: SlowConsumerBounds = { perSocket: SLOW_CONSUMER_MAX_BYTES, perAddress: SLOW_CONSUMER_MAX_BYTES_PER_ADDRESS },
): () => void {
  const lastCheck: PendingAtLastCheck = new WeakMap();
  const timer = setInterval(() => {
    for (const socket of slowConsumersOf(io.of('/').sockets.values(), bounds, lastCheck)) drop(socket);
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
