import { createServer, type AddressInfo, type Socket } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { afterEach, expect, test } from 'vitest';
import { attachRedisAdapter } from './redis-adapter';
import type { RealtimeServer } from './types';

/**
 * A "Redis" that takes connections and never answers: the adapter's subscriptions and publishes wait in
 * ioredis's queues, as they do while a real Redis is slow or half gone.
 */
async function silentRedis(): Promise<{ url: string; close: () => void; connected: Promise<void> }> {
  const sockets = new Set<Socket>();
  let onConnection = () => {};
  const connected = new Promise<void>((resolve) => (onConnection = resolve));
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    // Read and drop what is sent, so that the client closing is seen at once, as a real Redis sees it.
    socket.resume();
    onConnection();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    sockets.forEach((socket) => socket.destroy());
    server.close();
  };
  return { url: `redis://127.0.0.1:${port}`, close, connected };
}

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

test('closing while commands wait for Redis leaves no unhandled rejection (one would end the process)', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  cleanups.push(() => process.off('unhandledRejection', onUnhandled));
  const redis = await silentRedis();
  cleanups.push(redis.close);
  // Never closed, as in the app (socket-server.ts closes its engine): the adapter's close would unsubscribe.
  const io = new Server() as RealtimeServer;

  const failures: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void failures.push(JSON.parse(line).err?.message) });

  const link = attachRedisAdapter(io, redis.url, log);
  await redis.connected;
  // A broadcast while Redis does not answer: its publish waits with the subscriptions.
  io.to('room').emit('clip-update', { clipId: 'c' } as never);
  await link.close();

  // ioredis fails what waited once the socket has closed: the subscriptions and the publish.
  await expect.poll(() => failures.length).toBeGreaterThanOrEqual(3);
  expect(new Set(failures)).toEqual(new Set(['Connection is closed.']));
  // Node reports an unhandled rejection after the turn it happened in.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
});
