import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Reports of a link by signed-out visitors, one row a report, grouped in the queue by the item (kind + id:
 * a clip, a desktop or a room). Keeps who owns the item so the queue needs no lookup per kind to show them;
 * never the reporter's address. `resolvedAt` is set when an admin takes the item down or dismisses its reports.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: text('id').primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** `taken-down` or `dismissed`. */
    resolution: text('resolution'),
  },
  (table) => [
    index('content_reports_item_idx').on(table.itemKind, table.itemId),
    index('content_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * Takedowns, kept after a restore (`restoredAt`) so an owner's count of past takedowns stays true. A table
 * keyed by kind + id rather than a column on clips, desktops and rooms: one rule and one index serve the
 * three kinds, and the hot reads of each area add one indexed lookup only on paths a stranger takes.
 * At most one takedown of an item is in force at a time.
 */
export const takedowns = pgTable(
  'takedowns',
  {
    id: text('id').primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    takenDownBy: text('taken_down_by').references(() => users.id, { onDelete: 'set null' }),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('takedowns_in_force_unique')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.restoredAt} is null`),
    index('takedowns_owner_idx').on(table.ownerId),
  ],
);

/**
 * When each admin was last mailed that reports wait (modules/admin/reports/reports.notices.ts): at most one such mail per admin
 * per REPORT_MAIL_INTERVAL_MS, and a report newer than an admin's last mail is what makes the next one due.
 * Kept in the database so a restart neither mails again at once nor forgets a report that came in between.
 */
export const reportMailNotices = pgTable('report_mail_notices', {
  adminId: text('admin_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
});
