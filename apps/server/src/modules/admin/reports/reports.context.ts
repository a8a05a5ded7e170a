import type { Database } from '../../../db/client';
import type { DomainEvents } from '../../../lib/domain-events';
import type { AppContext } from '../../../app-context';

export interface ModerationContext {
  db: Database;
  /** A takedown emits `moderation.item-taken-down`: the item's live viewers are told on every node. */
  events: DomainEvents;
  /** Admins are mailed that reports wait (reports.notices.ts). */
  mail: AppContext['mail'];
  /** PUBLIC_URL (or localhost): the mail's link to the Reports tab, sent from no request. */
  publicUrl: string;
  log: AppContext['log'];
}

export function createModerationContext(ctx: AppContext): ModerationContext {
  return { db: ctx.db, events: ctx.events, mail: ctx.mail, publicUrl: ctx.config.publicUrl, log: ctx.log };
}
