import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';
import { FixedWindowCounters } from './fixed-window-counters';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a failure limit's check: the failures its keys still allow before they lock. */
    failuresLeft?: number;
  }
}

/**
 * Fixed-window counters for limits keyed on something other than the client address (an e-mail).
 * @fastify/rate-limit runs one limiter per request, so a route's per-IP limit and its per-account limit
 * cannot both come from it. Counters live in Redis when there is one, so every node shares them; while it
 * is unreachable, each node counts in its own memory.
 */
export interface AttemptLimiter {
  /** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
  /** Counts nothing; returns the seconds to wait when the limit is already reached, else 0. */
  check(key: string): Promise<number>;
  /** Counts nothing; returns how many more attempts the window allows. */
  left(key: string): Promise<number>;
}

/** How many attempts one key may make in a window. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
  /**
   * Counted by this node alone even when nodes share counters: what only this node sees (one socket's
   * events), where a round trip to Redis per event would cost more than the limit guards.
   */
  isNodeLocal?: boolean;
}

/** The one way an area gets a limiter (AppContext's `attemptLimiter`): shared across nodes when they can be. */
export type AttemptLimiterFactory = (limit: AttemptLimit) => AttemptLimiter;

/** The app's factory: counters in `redis` (REDIS_URL) when there is one, else in this node's memory. */
export function attemptLimitersOn(redis: Redis | undefined): AttemptLimiterFactory {
  return ({ max, windowMs, isNodeLocal }) =>
    createAttemptLimiter({ max, windowMs, redis: isNodeLocal ? undefined : redis });
}

export function createAttemptLimiter(options: { max: number; windowMs: number; redis?: Redis }): AttemptLimiter {
  const { max, windowMs, redis } = options;
  const secondsLeft = (ttlMs: number) => Math.ceil(Math.max(ttlMs, 1000) / 1000);
  // This process's own counts: the only ones without Redis, and the fallback while Redis is unreachable.
  const local = new FixedWindowCounters();
  const memory: AttemptLimiter = {
    hit: async (key) => {
      const { count, ttlMs } = local.hit(key, windowMs);
      return count > max ? secondsLeft(ttlMs) : 0;
    },
    check: async (key) => {
      const { count, ttlMs } = local.peek(key);
      return count >= max ? secondsLeft(ttlMs) : 0;
    },
    left: async (key) => Math.max(max - local.peek(key).count, 0),
  };
  if (!redis) return memory;
  return {
    hit: async (key) => {
      const redisKey = `clipsync-attempts:${key}`;
      try {
        const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
          [null, number],
          [null, number],
        ];
        if (ttl < 0) await redis.pexpire(redisKey, windowMs);
        return count > max ? secondsLeft(ttl) : 0;
      } catch {
        // During a Redis outage each node counts on its own: a limit loosened, never lifted.
        return memory.hit(key);
      }
    },
    check: async (key) => {
      const redisKey = `clipsync-attempts:${key}`;
      try {
        const [[, count], [, ttl]] = (await redis.multi().get(redisKey).pttl(redisKey).exec()) as [
          [null, string | null],
          [null, number],
        ];
        return Number(count ?? 0) >= max ? secondsLeft(ttl) : 0;
      } catch {
        return memory.check(key);
      }
    },
    left: async (key) => {
      try {
        return Math.max(max - Number((await redis.get(`clipsync-attempts:${key}`)) ?? 0), 0);
      } catch {
        return memory.left(key);
      }
    },
  };
}

/** A wait as a person reads it: whole minutes from a minute up (rounded up), seconds below. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const tooManyAttempts = (reply: FastifyReply, retryAfter: number) => {
  reply.header('Retry-After', String(retryAfter));
  const error = new AppError(
    'RATE_LIMITED',
    `Too many attempts for this account. Please try again in ${describeWait(retryAfter)}.`,
  );
  error.retryAfterSeconds = retryAfter;
  return error;
};

/** preHandler: limits attempts per value of a body field (after validation, so the value is normalised). */
export function limitPerBodyField(limiter: AttemptLimiter, field: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== 'string') return;
    const retryAfter = await limiter.hit(`${request.routeOptions.url}:${value}`);
    if (retryAfter > 0) throw tooManyAttempts(reply, retryAfter);
  };
}

export interface FailureRule {
  limiter: AttemptLimiter;
  /** The key a request's failure counts under; undefined: this rule does not apply. */
  keyOf(request: FastifyRequest): string | undefined;
}

/**
 * Limits failures, not attempts: a request is refused only while one of its keys has
 * failed too often, and only an answer of 401 counts. So a client that never failed is not refused
 * because others guessed wrong, unless a key it shares (an account's own ceiling) is spent.
 */
export function limitFailures(rules: readonly FailureRule[]) {
  const keysOf = (request: FastifyRequest) =>
    rules.flatMap((rule) => {
      const key = rule.keyOf(request);
      return key === undefined ? [] : [{ limiter: rule.limiter, key }];
    });
  return {
    /** preHandler: refuses while any of the request's keys is at its limit. */
    check: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      let failuresLeft: number | undefined;
      for (const { limiter, key } of keysOf(request)) {
        const retryAfter = await limiter.check(key);
        if (retryAfter > 0) throw tooManyAttempts(reply, retryAfter);
        const left = await limiter.left(key);
        failuresLeft = failuresLeft === undefined ? left : Math.min(failuresLeft, left);
      }
      // The 401 tells how many tries remain, so the form can warn before the lock.
      request.failuresLeft = failuresLeft;
    },
    /** onSend: a 401 counts once under each of the request's keys. */
    record: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (reply.statusCode !== 401) return;
      await Promise.all(keysOf(request).map(({ limiter, key }) => limiter.hit(key)));
    },
    /** Counts a failure whose answer is not a 401 (one that must not say it was a wrong password). */
    count: async (request: FastifyRequest): Promise<void> => {
      await Promise.all(keysOf(request).map(({ limiter, key }) => limiter.hit(key)));
    },
  };
}
