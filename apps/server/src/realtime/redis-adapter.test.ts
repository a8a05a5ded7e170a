import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { afterEach, expect, test } from 'vitest';
import { attachRedisAdapter } from './redis-adapter';
import type { RealtimeServer } from './types';

/**
 * A "Redis" that takes connections and never answers: the adapter's subscriptions and publishes wait in
 * ioredis's queues, as they do while a real Redis is slow or half gone.
 */
async function silentRedis(): Promise<{ url: string; server: NetServer; connected: Promise<void> }> {
  const sockets = new Set<Socket>();
  let onConnection = () => {};
  const connected = new Promise<void>((resolve) => (onConnection = resolve));
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection();
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `redis://127.0.0.1:${port}`, server, connected };
}

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

test('closing while commands wait for Redis leaves no unhandled rejection (one would end the process)', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  cleanups.push(() => process.off('unhandledRejection', onUnhandled));
  const redis = await silentRedis();
  cleanups.push(() => redis.server.close());
  // Never closed, as in the app (socket-server.ts closes its engine): the adapter's close would unsubscribe.
  const io = new Server() as RealtimeServer;

  const link = attachRedisAdapter(io, redis.url, pino({ level: 'silent' }));
  await redis.connected;
  // A broadcast while Redis does not answer: its publish waits with the subscriptions.
  io.to('room').emit('clip-update', { clipId: 'c' } as never);
  await link.close();
  // ioredis fails what was queued once the socket has closed: give it those turns.
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(unhandled).toEqual([]);
});
