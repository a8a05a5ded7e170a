import type { FastifyBaseLogger } from 'fastify';
import type { VapidKeys } from '../../config/push-config';
import { resolveVapidKeys } from '../../config/vapid-keys';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { DomainEvents } from '../../lib/domain-events';
import type { AppContext } from '../../app-context';

/**
 * Pushes one device may be sent per minute: a phone is buzzed by a person's sends, sign-ins and rooms, a
 * few a minute at most; more is a script or a loop, and its pushes are dropped (the sends still wait).
 */
export const PUSHES_PER_DEVICE_PER_MINUTE = 20;
/** Pushes per account per minute, all its devices together: a loop over many devices stops here. */
export const PUSHES_PER_ACCOUNT_PER_MINUTE = 60;

export interface PushContext {
  db: Database;
  events: DomainEvents;
  /** The VAPID pair, made at the first start when none is configured (read once, then kept). */
  vapidKeys: Promise<VapidKeys>;
  subject: string;
  /** PUSH_TRUSTED_HOSTS: endpoints at these hosts are pushed to wherever they resolve (lib/public-address.ts). */
  trustedHosts: readonly string[];
  perDevice: AttemptLimiter;
  perAccount: AttemptLimiter;
  log: FastifyBaseLogger;
}

export function createPushContext(ctx: AppContext): PushContext {
  const vapidKeys = resolveVapidKeys(ctx.config.push.keys, ctx.config.dataDir);
  // Awaited by the routes' registration, which fails the start; this only keeps the rejection handled.
  vapidKeys.catch(() => {});
  return {
    db: ctx.db,
    events: ctx.events,
    vapidKeys,
    subject: ctx.config.push.subject,
    trustedHosts: ctx.config.push.trustedHosts,
    perDevice: ctx.attemptLimiter({ max: PUSHES_PER_DEVICE_PER_MINUTE, windowMs: 60_000 }),
    perAccount: ctx.attemptLimiter({ max: PUSHES_PER_ACCOUNT_PER_MINUTE, windowMs: 60_000 }),
    log: ctx.log,
  };
}
