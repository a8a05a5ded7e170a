import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { AppContext } from '../define-module';

export interface ModerationContext {
  db: Database;
  /** A takedown emits `item.taken-down`: the item's live viewers are told on every node. */
  events: DomainEvents;
}

export function createModerationContext(ctx: AppContext): ModerationContext {
  return { db: ctx.db, events: ctx.events };
}
