import {
  ReportedKind,
  ReportReason,
  type ReportedItem,
  type ReportQueue,
  type ReportQueueQuery,
} from '@clipsync/shared';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { clips, contentReports, desktops, rooms, takedowns, users } from '../../../db/schema';
import { describeItems } from './reports.items';

/**
 * The reported item is still there: reports are kept by kind and id, not by a foreign key, so an item deleted
 * since leaves its reports behind, and the queue neither lists nor counts them.
 */
export const itemStillThere = sql<boolean>`case ${contentReports.itemKind}
  when 'clip' then exists (select 1 from ${clips} where ${clips.id} = ${contentReports.itemId})
  when 'desktop' then exists (select 1 from ${desktops} where ${desktops.id} = ${contentReports.itemId})
  when 'room' then exists (select 1 from ${rooms} where ${rooms.id} = ${contentReports.itemId})
  else false end`;

const isOpen = sql<boolean>`bool_or(${contentReports.resolvedAt} is null)`;

/**
 * How many items the queue holds under `status`: asked for a page past the last, which cannot tell, and for
 * the admins' mail of reports waiting.
 */
export async function countQueue(db: Database, status: ReportQueueQuery['status']): Promise<number> {
  const grouped = db
    .select({ one: sql`1` })
    .from(contentReports)
    .where(itemStillThere)
    .groupBy(contentReports.itemKind, contentReports.itemId, contentReports.ownerId)
    .having(status === 'open' ? isOpen : sql`not ${isOpen}`)
    .as('queue');
  const [row] = await db.select({ total: count() }).from(grouped);
  return row?.total ?? 0;
}

/**
 * One page of the queue: the reports grouped by item in SQL (count, reasons, notes, first and last time),
 * open when any of them is not handled yet, newest report first. The owners, their takedown counts, the
 * takedowns in force and the items' metadata come in one query each for the whole page.
 */
export async function listReportQueue(db: Database, query: ReportQueueQuery): Promise<ReportQueue> {
  const groups = await db
    .select({
      kind: contentReports.itemKind,
      id: contentReports.itemId,
      ownerId: contentReports.ownerId,
      reportCount: sql<number>`count(*)::int`,
      reasons: sql<string[]>`array_agg(distinct ${contentReports.reason})`,
      notes: sql<(string | null)[]>`array_agg(${contentReports.note} order by ${contentReports.createdAt})`,
      firstReportedAt: sql<Date>`min(${contentReports.createdAt})`.mapWith(contentReports.createdAt),
      lastReportedAt: sql<Date>`max(${contentReports.createdAt})`.mapWith(contentReports.createdAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(contentReports)
    .where(itemStillThere)
    .groupBy(contentReports.itemKind, contentReports.itemId, contentReports.ownerId)
    .having(query.status === 'open' ? isOpen : sql`not ${isOpen}`)
    .orderBy(sql`max(${contentReports.createdAt}) desc`, contentReports.itemId)
    .limit(query.limit)
    .offset(query.offset);
  if (groups.length === 0) return { items: [], total: query.offset === 0 ? 0 : await countQueue(db, query.status) };

  const ownerIds = [...new Set(groups.map((group) => group.ownerId))];
  const itemIds = groups.map((group) => group.id);
  const [owners, counts, inForce, described] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(inArray(users.id, ownerIds)),
    db
      .select({ ownerId: takedowns.ownerId, takedownCount: count() })
      .from(takedowns)
      .where(inArray(takedowns.ownerId, ownerIds))
      .groupBy(takedowns.ownerId),
    db
      .select({
        kind: takedowns.itemKind,
        id: takedowns.itemId,
        reason: takedowns.reason,
        takenDownAt: takedowns.takenDownAt,
      })
      .from(takedowns)
      .where(and(inArray(takedowns.itemId, itemIds), isNull(takedowns.restoredAt))),
    describeItems(
      db,
      groups.map((group) => ({ kind: ReportedKind.parse(group.kind), id: group.id })),
    ),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const countByOwner = new Map(counts.map((row) => [row.ownerId, row.takedownCount]));
  const takedownByItem = new Map(inForce.map((row) => [`${row.kind}:${row.id}`, row]));

  const items = groups.flatMap((group): ReportedItem[] => {
    const owner = ownerById.get(group.ownerId);
    const key = `${group.kind}:${group.id}`;
    const item = described.get(key);
    // An item deleted between the page's query and this one.
    if (!owner || !item) return [];
    const takedown = takedownByItem.get(key);
    return [
      {
        kind: ReportedKind.parse(group.kind),
        id: group.id,
        visitorPath: item.visitorPath,
        owner: {
          id: owner.id,
          name: owner.name,
          email: owner.email,
          takedownCount: countByOwner.get(owner.id) ?? 0,
          isDisabled: owner.disabledAt !== null,
        },
        createdAt: item.createdAt.toISOString(),
        sizeBytes: item.sizeBytes,
        encrypted: item.encrypted,
        reportCount: group.reportCount,
        reasons: ReportReason.array().parse(group.reasons),
        notes: group.notes.filter((note): note is string => note !== null && note !== ''),
        firstReportedAt: group.firstReportedAt.toISOString(),
        lastReportedAt: group.lastReportedAt.toISOString(),
        takedown: takedown ? { reason: takedown.reason, takenDownAt: takedown.takenDownAt.toISOString() } : null,
      },
    ];
  });
  return { items, total: groups[0]?.total ?? 0 };
}

/** Marks the item's open reports handled (`taken-down` or `dismissed`). */
export async function resolveReports(
  db: Database | Transaction,
  kind: ReportedKind,
  itemId: string,
  resolution: 'taken-down' | 'dismissed',
): Promise<void> {
  await db
    .update(contentReports)
    .set({ resolvedAt: new Date(), resolution })
    .where(
      and(eq(contentReports.itemKind, kind), eq(contentReports.itemId, itemId), isNull(contentReports.resolvedAt)),
    );
}
