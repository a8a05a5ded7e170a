import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { limitKeyOf } from '../lib/address-limit-key';
import { AppError } from '../lib/app-error';
import { FixedWindowCounters } from '../lib/fixed-window-counters';

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
    // Hashed web assets are static files a browser caches for a year; counting them would let one page
    // load of an office behind a single address eat into everyone's API budget.
    allowList: (request) => request.url.startsWith('/assets/'),
    // Without Redis the plugin's own store counts in memory; with it, ours falls back to memory while
    // Redis is down, so an outage never switches the limits off.
    ...(redis ? { store: sharedCounterStore(redis) } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
}

/** One fixed window per key in Redis, the same keys and counts as the plugin's own Redis store. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type IncrementCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The plugin's store interface over Redis, each route's counters under a prefix of its own; while Redis
 * cannot be reached, this process's counters (one set for all routes, under the same keys) answer instead.
 */
function sharedCounterStore(redis: Redis): FastifyRateLimitStoreCtor {
  const local = new FixedWindowCounters();
  return class SharedCounterStore implements FastifyRateLimitStore {
    private prefix = 'clipsync-rl:';

    incr(key: string, callback: IncrementCallback, timeWindow: number): void {
      const redisKey = `${this.prefix}${key}`;
      redis.eval(INCREMENT_SCRIPT, 1, redisKey, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => {
          const { count, ttlMs } = local.hit(redisKey, timeWindow);
          callback(null, { current: count, ttl: ttlMs });
        },
      );
    }

    // The plugin hands each route's merged options, the route itself under `routeInfo`.
    child(routeOptions: object): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as { routeInfo: { method?: unknown; url?: unknown } };
      const store = new SharedCounterStore();
      store.prefix = `${this.prefix}${String(routeInfo.method)}${String(routeInfo.url)}-`;
      return store;
    }
  };
}

/** The Redis connection for counters: fails fast while Redis is down (limits then count per process). */
export function connectCounterRedis(redisUrl: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error) => log.debug({ err: error }, 'rate-limit Redis unavailable'));
  return redis;
}
