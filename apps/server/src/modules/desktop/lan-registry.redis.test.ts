import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startOwnRedis, type OwnService } from '../../../test/own-services';
import { createRedisLanRegistry } from './lan-registry';
import { CONTRACT_BOUNDS, describeLanRegistryBounds } from './lan-registry.contract';

// A Redis of the test's own: the registry's server-wide keys must start empty for each test.
let server: OwnService;
let redis: Redis;
beforeAll(async () => {
  server = await startOwnRedis();
  redis = new Redis(server.url);
});
afterAll(async () => {
  redis.disconnect();
  await server.destroy();
});

describeLanRegistryBounds('Redis registry', async () => {
  await redis.flushall();
  return createRedisLanRegistry(redis, CONTRACT_BOUNDS);
});
