import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { devices } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { AppContext } from '../../app-context';
import { createSocketPresence, type DevicePresence } from './device-presence';

export interface DevicesContext {
  db: Database;
  /** Removing a device emits `session.revoked`; presence changes emit `device.presence-changed`. */
  events: DomainEvents;
  /** Which sessions have a socket open now, on any node (decision 027). */
  presence: DevicePresence;
  log: FastifyBaseLogger;
}

export type DeviceRow = typeof devices.$inferSelect;

export function createDevicesContext(ctx: AppContext): DevicesContext {
  return {
    db: ctx.db,
    events: ctx.events,
    presence: createSocketPresence(ctx.realtime.io, ctx.log),
    log: ctx.log,
  };
}
