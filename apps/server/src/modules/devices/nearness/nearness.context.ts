import { NEAR_CHALLENGE_TTL_MS, NEAR_SIGNALS_PER_MINUTE, NEARNESS_TTL_MS } from '@clipsync/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import type { DomainEvents } from '../../../lib/domain-events';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import type { AppContext } from '../../../app-context';

/** What proving nearness uses of the app (decision 030). */
export interface NearnessContext {
  db: Database;
  /** A recorded proof emits `device.proved-near`. */
  events: DomainEvents;
  /** `near:signal` relays per socket per minute: a socket lives on one node, so this node's count is its count. */
  signalsPerSocket: AttemptLimiter;
  timing: { challengeTtlMs: number; nearnessTtlMs: number };
  log: FastifyBaseLogger;
}

export function createNearnessContext(ctx: AppContext): NearnessContext {
  return {
    db: ctx.db,
    events: ctx.events,
    signalsPerSocket: ctx.attemptLimiter({ max: NEAR_SIGNALS_PER_MINUTE, windowMs: 60_000, isNodeLocal: true }),
    timing: { challengeTtlMs: NEAR_CHALLENGE_TTL_MS, nearnessTtlMs: NEARNESS_TTL_MS },
    log: ctx.log,
  };
}
