import {
  ClipCreatedPayload,
  ClipUpdatePayload,
  DeviceSendPayload,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@clipsync/shared';
import { createRequire } from 'node:module';
import type * as SocketIoClient from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { USER_AGENT } from '../api-client';

/**
 * socket.io-client, loaded when a channel opens: it costs a third of a second of start-up that every other
 * command would pay (the bundle keeps it outside, and a static import is loaded before anything runs).
 */
const socketIo = (): typeof SocketIoClient => createRequire(import.meta.url)('socket.io-client');

export interface ClipChannelHandlers {
  /** Connected, the first time or again after a loss: the server has put the socket in the user's clips channel. */
  connected(again: boolean): void;
  /** The connection dropped; Socket.IO is already retrying. */
  lost(reason: string): void;
  /** The server refused the token (revoked or expired): nothing more will come. */
  refused(): void;
  created(clip: ClipCreatedPayload): void;
  updated(clip: ClipUpdatePayload): void;
  /** One of the user's devices sent this device something; `ack` tells the server it arrived (decision 028). */
  sent?(send: DeviceSendPayload, ack: () => void): void;
}

/** How long a refused handshake other than the token's (the per-address cap…) waits before trying again. */
const RETRY_AFTER_REFUSAL_MS = 5_000;

/**
 * The live socket `watch` hears new and saved clips on. With the token in the handshake, the server puts it
 * in the user's `user-clips` channel on every connection, so a reconnect re-joins by itself; Socket.IO
 * retries a lost connection (server restart, network loss) with the same `auth`. What it does not retry is
 * the server closing the socket ('io server disconnect': a revoked or expired token's sockets are closed so)
 * or a refused handshake: both are tried again here once, and a refusal of the token ends the watch.
 */
export function openClipChannel(server: string, token: string, handlers: ClipChannelHandlers): () => void {
  const url = new URL(server);
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = socketIo().io(url.origin, {
    // A server under a base path answers its sockets under it too.
    path: `${url.pathname.replace(/\/+$/, '')}/socket.io`,
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { 'User-Agent': USER_AGENT },
    reconnectionDelay: 500,
    reconnectionDelayMax: 5_000,
  });
  let connectedBefore = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  socket.on('connect', () => {
    handlers.connected(connectedBefore);
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    if (closed || reason === 'io client disconnect') return;
    handlers.lost(reason);
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    if (closed) return;
    if (error.data?.code === 'UNAUTHORIZED') {
      handlers.refused();
      return;
    }
    // `active` is false after a refusal by the server's middleware, which Socket.IO does not retry.
    if (!socket.active) retry = setTimeout(() => socket.connect(), RETRY_AFTER_REFUSAL_MS);
  });
  socket.on('clip-created', (payload) => {
    const parsed = ClipCreatedPayload.safeParse(payload);
    if (parsed.success) handlers.created(parsed.data);
  });
  socket.on('clip-update', (payload) => {
    const parsed = ClipUpdatePayload.safeParse(payload);
    if (parsed.success) handlers.updated(parsed.data);
  });

  socket.on('device:send', (payload) => {
    const parsed = DeviceSendPayload.safeParse(payload);
    if (parsed.success && handlers.sent) {
      handlers.sent(parsed.data, () => socket.emit('device:send-ack', { id: parsed.data.id }));
    }
  });

  return () => {
    closed = true;
    clearTimeout(retry);
    socket.close();
  };
}
