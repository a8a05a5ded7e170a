import { defineProject } from 'vitest/config';

/**
 * The integration suite on PGlite in memory. The root config adds the same suite against PostgreSQL
 * (TEST_DATABASE_URL) and the Redis adapter suite (TEST_REDIS_URL) when those are set, as in CI.
 */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.redis.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
