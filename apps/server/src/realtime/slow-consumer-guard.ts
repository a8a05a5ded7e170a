import type { RealtimeServer, RealtimeSocket } from './types';

/**
 * Socket.IO keeps in memory every message a socket has not taken yet, without limit. A client that asks
 * for large messages and never reads them (a LAN host's desktop requested again and again, a busy room)
 * would make the server hold them all: past this, the socket is dropped. Far above what a reader that
 * is merely slow holds (a few LAN desktops of ≤ 1 MB each).
 */
export const SLOW_CONSUMER_MAX_BYTES = 8 * 1024 * 1024;
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

/** Checks every socket of this node once a second; returns the stop. */
export function startSlowConsumerGuard(io: RealtimeServer, maxBytes = SLOW_CONSUMER_MAX_BYTES): () => void {
  const timer = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      if (pendingBytesOf(socket) > maxBytes) drop(socket);
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
