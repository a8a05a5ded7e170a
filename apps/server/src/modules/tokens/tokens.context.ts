import type { Database } from '../../db/client';
import type { personalAccessTokens, users } from '../../db/schema';
import { DEVICE_CODE_MISSES_MAX, DEVICE_CODE_MISSES_WINDOW_MS } from '@clipsync/shared';
import type { DomainEvents } from '../../lib/domain-events';
import { createAttemptLimiter, type AttemptLimiter } from '../../plugins/attempt-limiter';
import type { AppContext } from '../define-module';

export interface TokensContext {
  db: Database;
  /** Revoking a token emits `session.revoked` for its session: the cache, other nodes and its sockets hear it. */
  events: DomainEvents;
}

/** Device sign-in: the tokens' context, the address verification links start with, and the guessing limit. */
export interface DeviceContext extends TokensContext {
  publicUrl: string;
  /** Unknown user codes per account and per address (shared across nodes through Redis when there is one). */
  missLimiter: AttemptLimiter;
}

export type TokenRow = typeof personalAccessTokens.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function createTokensContext(ctx: AppContext): TokensContext {
  return { db: ctx.db, events: ctx.events };
}

export function createDeviceContext(ctx: AppContext): DeviceContext {
  return {
    ...createTokensContext(ctx),
    publicUrl: ctx.config.publicUrl,
    missLimiter: createAttemptLimiter({
      max: DEVICE_CODE_MISSES_MAX,
      windowMs: DEVICE_CODE_MISSES_WINDOW_MS,
      redis: ctx.counterRedis,
    }),
  };
}
