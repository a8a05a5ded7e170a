import type { LanPeersList, SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { socketPool, type TestSocket } from './socket-client';

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

/** Long enough for a wrongly routed message to arrive before concluding it was never sent. */
const SETTLE_MS = 150;
export const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

const SEED_TIMEOUT_MS = 120_000;

/**
 * The app of a file of LAN socket tests: its loopback client plays a trusted proxy (TRUST_PROXY=127.0.0.1),
 * so X-Forwarded-For says which network each socket is on. Started before the file's tests; its sockets and
 * the app are closed after them.
 */
export function useLanTestApp() {
  const sockets = socketPool();
  let started: { testApp: TestApp; baseUrl: string } | undefined;
  beforeAll(async () => {
    const testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '127.0.0.1' });
    started = { testApp, baseUrl: await testApp.listen() };
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    sockets.closeAll();
    await started?.testApp.close();
  });
  const app = () => {
    if (!started) throw new Error('the LAN test app starts in beforeAll');
    return started;
  };
  return {
    sockets,
    get testApp() {
      return app().testApp;
    },
    get baseUrl() {
      return app().baseUrl;
    },
  };
}
