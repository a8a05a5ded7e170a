/**
 * Many Socket.IO clients from this one process, as a browser would connect (websocket): signed out (no
 * token) unless the caller gives each client its own access token.
 */
import { io, type Socket } from 'socket.io-client';

export interface ConnectResult {
  sockets: Socket[];
  errors: number;
  /** Wall time from the first handshake started to the last one settled. */
  seconds: number;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** One client; resolves with it, or with undefined on connect_error or timeout (counted as an error). */
function connectOne(url: string, token?: string): Promise<Socket | undefined> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
    auth: token === undefined ? {} : { token }, // no token: a signed-out viewer
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(undefined);
    });
  });
}

/**
 * Keeps `inFlight` handshakes going at once (a pool, not lock-step batches, so one slow handshake does not
 * stall the others): fast on loopback without a burst of thousands of SYNs overflowing the listen backlog.
 */
export async function connectClients(
  url: string,
  count: number,
  inFlight: number,
  /** Client i signs in with `tokens[i]` (`auth: { token }`); without it every client is signed out. */
  tokens?: readonly string[],
): Promise<ConnectResult> {
  const sockets: Socket[] = [];
  let errors = 0;
  let started = 0;
  const worker = async () => {
    while (started < count) {
      const index = started++;
      const socket = await connectOne(url, tokens?.[index]);
      if (socket) sockets.push(socket);
      else errors++;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return { sockets, errors, seconds: (performance.now() - startedAt) / 1000 };
}

export function closeClients(sockets: Socket[]): void {
  for (const socket of sockets) socket.close();
}
