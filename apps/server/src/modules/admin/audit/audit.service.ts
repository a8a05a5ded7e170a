import {
  ADMIN_AUDIT_TOTAL_AHEAD,
  type AuditEvent,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
  type SecurityEventPage,
  type SecurityEventQuery,
} from '@clipsync/shared';
import { and, count, desc, eq, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditEvents } from '../../../db/schema';
import { requireSignedIn, type Actor } from '../../../lib/actor';
import { cappedCount } from '../../../lib/capped-count';
import { presentAuditEvent, presentSecurityEvent } from './audit.presenter';

const DAY_MS = 86_400_000;
/** Rows read per query while exporting, and deleted per statement by the retention job. */
export const AUDIT_BATCH = 500;

/**
 * A takedown and a restore are written twice, once as the admin's action and once in the owner's voice
 * ("Your clip was taken down", with the reason): each reader sees the one written for them.
 */
const OWNER_COPIES = ['item.taken_down', 'item.restored'];
const ADMIN_ONLY_ACTIONS = ['moderation.takeDown', 'moderation.restore', 'moderation.dismiss'];

/** The filters as one SQL condition; `to` names a day, which it includes whole. */
function whereOf(filters: AuditFilters): SQL | undefined {
  const actor = filters.actor;
  return and(
    or(ne(auditEvents.kind, 'security'), notInArray(auditEvents.action, OWNER_COPIES)),
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    actor ? or(eq(auditEvents.actorId, actor), sql`lower(${auditEvents.actorEmail}) = lower(${actor})`) : undefined,
    filters.subject ? eq(auditEvents.subjectUserId, filters.subject) : undefined,
    filters.from ? gte(auditEvents.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditEvents.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

const newestFirst = [desc(auditEvents.createdAt), desc(auditEvents.id)];

/**
 * One page of the matching entries, newest first, and how many match: the admin's log and a user's own events.
 * A page that is not full tells the total itself; a full one counts `totalAhead` entries past its start, no
 * further (a year's log is hundreds of thousands of entries), or all of them without `totalAhead`.
 */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
  totalAhead = Number.POSITIVE_INFINITY,
) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length, isTotalCapped: false };
  }
  if (totalAhead === Number.POSITIVE_INFINITY) {
    const [counted] = await db.select({ n: count() }).from(auditEvents).where(where);
    return { rows, total: counted?.n ?? 0, isTotalCapped: false };
  }
  return { rows, ...(await cappedCount(db, auditEvents, where, offset + totalAhead)) };
}

export async function listAuditEvents(db: Database, query: AuditQuery): Promise<AuditPage> {
  const { rows, total, isTotalCapped } = await pageOf(db, whereOf(query), query, ADMIN_AUDIT_TOTAL_AHEAD);
  return { events: rows.map(presentAuditEvent), total, isTotalCapped };
}

/**
 * Every match, newest first, a batch at a time: each batch starts after the last row of the one before
 * (keyset), so an export of a year's log neither holds it in memory nor slows down page by page.
 */
export async function* exportAuditEvents(db: Database, filters: AuditFilters): AsyncGenerator<AuditEvent> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const afterLast = after
      ? or(
          lt(auditEvents.createdAt, after.createdAt),
          and(eq(auditEvents.createdAt, after.createdAt), lt(auditEvents.id, after.id)),
        )
      : undefined;
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(whereOf(filters), afterLast))
      .orderBy(...newestFirst)
      .limit(AUDIT_BATCH);
    for (const row of rows) yield presentAuditEvent(row);
    const last = rows.at(-1);
    if (!last || rows.length < AUDIT_BATCH) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The caller's own events (they are its subject), newest first; a token is refused before this (the entry names no scope). */
export async function listSecurityEvents(
  db: Database,
  actor: Actor,
  query: SecurityEventQuery,
): Promise<SecurityEventPage> {
  const { userId } = requireSignedIn(actor);
  const own = and(
    eq(auditEvents.subjectUserId, userId),
    or(ne(auditEvents.kind, 'admin'), notInArray(auditEvents.action, ADMIN_ONLY_ACTIONS)),
  );
  const { rows, total } = await pageOf(db, own, query);
  return { events: rows.map(presentSecurityEvent), total };
}

/**
 * Deletes entries older than the retention, a batch per statement, so a first run over years of entries
 * never holds one long lock on the table. Answers how many went.
 */
export async function purgeExpiredAuditEvents(db: Database, retentionDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.createdAt, cutoff))
      .limit(AUDIT_BATCH);
    const gone = await db.delete(auditEvents).where(inArray(auditEvents.id, batch)).returning({ id: auditEvents.id });
    deleted += gone.length;
    if (gone.length < AUDIT_BATCH) return deleted;
  }
}
