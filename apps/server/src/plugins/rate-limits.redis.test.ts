import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startOwnRedis, type OwnService } from '../../test/own-services';
import { inBackground } from '../../test/waits';

/**
 * Two nodes on one Redis of the test's own (stopping the suite's shared one would break other files): the
 * per-address limit is shared while Redis is up, and each node counts on its own once it is gone.
 */
describe('per-address limits with Redis, and without it', () => {
  let redis: OwnService;
  let nodes: TestApp[];
  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '4' };
    nodes = [await buildTestApp(env), await buildTestApp(env)];
    // Until its counter connection is up, a node counts on its own, as during an outage.
    await vi.waitFor(
      () => expect(nodes.map((node) => node.context.counterRedis?.status)).toEqual(['ready', 'ready']),
      inBackground,
    );
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await redis.destroy();
  });

  const health = (node: TestApp | undefined, remoteAddress: string) =>
    node?.app.inject({ method: 'GET', url: '/api/health', remoteAddress });

  test('one /64 shares one count across both nodes; another /64 has its own', async () => {
    const [a, b] = nodes;
    expect((await health(a, '2001:db8:5:1::1'))?.statusCode).toBe(200);
    expect((await health(b, '2001:db8:5:1::2'))?.statusCode).toBe(200);
    expect((await health(a, '2001:db8:5:1::3'))?.statusCode).toBe(200);
    expect((await health(b, '2001:db8:5:1::4'))?.statusCode).toBe(200);
    expect((await health(a, '2001:db8:5:1::5'))?.statusCode).toBe(429);
    expect((await health(b, '2001:db8:5:2::1'))?.statusCode).toBe(200);
  });

  test('Redis gone: each node still refuses past the limit, counting in its own memory', async () => {
    await redis.stop();
    const [a] = nodes;
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await health(a, `2001:db8:5:3::${i}`))?.statusCode ?? 0);
    // Back before the nodes close: a node closing against a dead Redis waits for its adapter.
    await redis.start();
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
