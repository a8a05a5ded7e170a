import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/build-test-app';

import { verifyAccessToken } from '../lib/access-token';
import { connectSocket, nextEvent, type TestSocket } from '../../test/socket-client';

/**
 * Runs only when TEST_REDIS_URL is set (CI sets it): two nodes share broadcasts through that Redis, as an operator's
 * would. No other file connects to it (each starts a Redis of its own), so no other file's nodes count as peers here.
 */
describe('Redis adapter across two nodes', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  let nodeA: TestApp;
  let nodeB: TestApp;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    nodeA = await buildTestApp({ REDIS_URL: redisUrl });
    nodeB = await buildTestApp({ REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all([nodeA.close(), nodeB.close()]);
  });

  test('an event emitted on node B reaches a socket connected to node A', async () => {
    const user = await nodeA.factory.user();
    socket = await connectSocket(await nodeA.listen(), { token: user.tokens.access_token });
    const received = nextEvent(socket, 'clip-update');
    // The subscription to the user's channel propagates through Redis; repeat until it has.
    const timer = setInterval(
      () =>
        nodeB.context.events.emit('clip.content-saved', {
          clipId: 'c',
          ownerId: user.id,
          content: 'via redis',
          version: 1,
          files: [],
        }),
      100,
    );
    try {
      expect(await received).toEqual({ clipId: 'c', content: 'via redis', version: 1, files: [] });
    } finally {
      clearInterval(timer);
    }
  });

  test("a session revoked on node A is refused on node B at once, though B's cache had it live", async () => {
    const user = await nodeB.factory.user();
    const me = () =>
      nodeB.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${user.tokens.access_token}` },
      });
    expect((await me()).statusCode).toBe(200);
    const { sessionId } = await verifyAccessToken(TEST_JWT_SECRET, user.tokens.access_token);
    // Node B's database still holds the session live: only the revocation heard through Redis can refuse it.
    nodeA.context.events.emit('session.revoked', { sessionId });
    await expect.poll(async () => (await me()).statusCode).toBe(401);
  });

  test('readiness reports Redis', async () => {
    const res = await nodeA.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
  });

  test('an unreachable Redis is logged, not fatal, and readiness says so', async () => {
    const orphan = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    const health = await orphan.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ready = await orphan.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.redis).toBe('down');
    await orphan.close();
  });
});

describe('per-account attempt limits shared through Redis', () => {
  test('two nodes count attempts for one account together', async () => {
    const { Redis } = await import('ioredis');
    const { createAttemptLimiter } = await import('../lib/attempt-limiter');
    const [redisA, redisB] = [new Redis(process.env.TEST_REDIS_URL ?? ''), new Redis(process.env.TEST_REDIS_URL ?? '')];
    const key = `test-${Date.now()}`;
    const nodeA = createAttemptLimiter({ max: 2, windowMs: 60_000, redis: redisA });
    const nodeB = createAttemptLimiter({ max: 2, windowMs: 60_000, redis: redisB });
    expect(await nodeA.hit(key)).toBe(0);
    expect(await nodeB.hit(key)).toBe(0);
    expect(await nodeA.hit(key)).toBeGreaterThan(55);
    expect(await nodeB.check(key)).toBeGreaterThan(55);
    expect(await nodeB.check(`${key}-other`)).toBe(0);
    redisA.disconnect();
    redisB.disconnect();
  });
});
