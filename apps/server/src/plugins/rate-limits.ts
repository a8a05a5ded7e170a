import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { limitKeyOf } from '../lib/address-limit-key';
import { AppError } from '../lib/app-error';

/**
 * A global per-IP limit on every route; routes that guard secrets or cost more set their own
 * `config.rateLimit`. With REDIS_URL the counters are shared by every node. `request.ip` honours only
 * TRUST_PROXY hops, so a forged X-Forwarded-For neither dodges a limit nor blames another client.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { perMinute: number; redis: Redis | undefined },
): Promise<void> {
  const { redis } = options;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    // An IPv6 /64 is one client, as for every other per-address limit.
    keyGenerator: (request) => limitKeyOf(request.ip),
    // During a Redis outage requests are served rather than refused.
    skipOnError: true,
    // Hashed web assets are static files a browser caches for a year; counting them would let one page
    // load of an office behind a single address eat into everyone's API budget.
    allowList: (request) => request.url.startsWith('/assets/'),
    ...(redis ? { redis, nameSpace: 'clipsync-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
}

/** The Redis connection for counters: fails fast while Redis is down (limits are then skipped, not fatal). */
export function connectCounterRedis(redisUrl: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error) => log.debug({ err: error }, 'rate-limit Redis unavailable'));
  return redis;
}
