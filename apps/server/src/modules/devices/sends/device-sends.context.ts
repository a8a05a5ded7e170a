import { DEVICE_SEND_TTL_MS } from '@clipsync/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import type { deviceSends } from '../../../db/schema/index';
import type { DomainEvents } from '../../../lib/domain-events';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import { createSocketPresence, type DevicePresence } from '../device-presence';
import type { AppContext } from '../../../app-context';
import { quotaRuleOf, type QuotaRule } from '../../../lib/storage-quota';

/** What sending to devices uses of the app (decision 028). */
export interface DeviceSendsContext {
  db: Database;
  /** `device.send-due` tells devices.broadcasts.ts to hand a send to its device's sockets. */
  events: DomainEvents;
  /** Which devices have a socket open now, on any node (decision 027). */
  presence: DevicePresence;
  /** Sends per account per minute, shared across nodes with Redis. */
  perAccount: AttemptLimiter;
  storageQuota: QuotaRule;
  timing: { redeliverAfterMs: number; ttlMs: number };
  log: FastifyBaseLogger;
}

export type DeviceSendRow = typeof deviceSends.$inferSelect;

export function createDeviceSendsContext(ctx: AppContext): DeviceSendsContext {
  const { perMinute, redeliverAfterMs } = ctx.config.deviceSends;
  return {
    db: ctx.db,
    events: ctx.events,
    presence: createSocketPresence(ctx.realtime.io, ctx.log),
    perAccount: ctx.attemptLimiter({ max: perMinute, windowMs: 60_000 }),
    storageQuota: quotaRuleOf(ctx.config),
    timing: { redeliverAfterMs, ttlMs: DEVICE_SEND_TTL_MS },
    log: ctx.log,
  };
}
