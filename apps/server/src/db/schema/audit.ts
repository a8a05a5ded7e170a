import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The audit log, append-only: admin actions and security events. No foreign keys on purpose: an entry
 * outlives the account it names (a deleted user's trail is what an operator looks for), so the actor's and
 * the subject's names and addresses are copied as they were at the time. Kept AUDIT_RETENTION_DAYS (the
 * retention job deletes older ones).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
    /** `admin` or `security`. */
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    subjectUserId: text('subject_user_id'),
    /** The subject's name and address as they were then, so a deleted account's entries still read. */
    subjectName: text('subject_name'),
    subjectEmail: text('subject_email'),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_events_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_events_subject_idx').on(table.subjectUserId, table.createdAt.desc()),
    index('audit_events_actor_idx').on(table.actorId, table.createdAt.desc()),
    index('audit_events_action_idx').on(table.action, table.createdAt.desc()),
  ],
);
