import type { ClientToServerEvents, ServerToClientEvents } from '@clipsync/shared';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real Socket.IO client over websocket; resolves once connected, rejects with the server's refusal. */
export function connectSocket(
  baseUrl: string,
  options: {
    token?: string;
    origin?: string;
    headers?: Record<string, string>;
    query?: Record<string, string>;
    /** Let Socket.IO retry a dropped connection by itself, as the web app's sockets do. */
    reconnection?: boolean;
  } = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    query: options.query ?? {},
    extraHeaders: { ...options.headers, ...(options.origin ? { Origin: options.origin } : {}) },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The sockets a test file opens, closed together at its end. */
export function socketPool() {
  const open: TestSocket[] = [];
  return {
    async connect(baseUrl: string, options: Parameters<typeof connectSocket>[1] = {}): Promise<TestSocket> {
      const socket = await connectSocket(baseUrl, options);
      open.push(socket);
      return socket;
    },
    closeAll: () => open.forEach((socket) => socket.close()),
  };
}

export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 10_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(
      event as 'clip-update',
      ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never,
    );
  });
}
