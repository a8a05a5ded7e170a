import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/**
 * A global per-IP limit on every route; routes that guard secrets or cost more set their own
 * `config.rateLimit`. With REDIS_URL the counters are shared by every node. `request.ip` honours only
 * TRUST_PROXY hops, so a forged X-Forwarded-For neither dodges a limit nor blames another client.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { perMinute: number; redisUrl: string | undefined },
): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (error) => app.log.debug({ err: error }, 'rate-limit Redis unavailable'));
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    // During a Redis outage requests are served rather than refused.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'clipsync-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
}
