import type { ReportedKind, Takedown } from '@clipsync/shared';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { clips, desktops, rooms, takedowns, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

// Takedowns as the other areas see them: clips, rooms and the desktop ask here, never moderation's tables.
// The report intake stays with the console (admin/reports/): it finds the reported item through clips,
// which sit above this area.

/**
 * The takedown in force on an item, or null. The areas ask it on every read a stranger makes (a link, a share
 * token, a non-owner's room read) and cache nothing of it without it: the database is what every node shares,
 * so a takedown on one node is answered by all of them from the next request on. An answer an area keeps
 * for its owner names the takedown in its version, so a takedown or a restore makes it stale.
 */
export async function takedownOf(
  db: Database | Transaction,
  kind: ReportedKind,
  itemId: string,
): Promise<Takedown | null> {
  const [row] = await db
    .select({ reason: takedowns.reason, takenDownAt: takedowns.takenDownAt })
    .from(takedowns)
    .where(and(eq(takedowns.itemKind, kind), eq(takedowns.itemId, itemId), isNull(takedowns.restoredAt)));
  return row ? { reason: row.reason, takenDownAt: row.takenDownAt.toISOString() } : null;
}

/**
 * Joins the takedown in force on an item to the query that reads the item (`leftJoin(takedowns, …)`), so a
 * read that must check it costs no statement more. At most one is in force per item (a partial unique
 * index), so the join adds no row.
 */
export function takedownInForceOn(kind: ReportedKind, itemId: AnyPgColumn): SQL | undefined {
  return and(eq(takedowns.itemKind, kind), eq(takedowns.itemId, itemId), isNull(takedowns.restoredAt));
}

/** Whose an item is: a disabled owner's items answer as taken down. A LAN desktop has none. */
function itemOf(kind: ReportedKind) {
  if (kind === 'clip') return { table: clips, id: clips.id, ownerId: clips.userId };
  if (kind === 'desktop') return { table: desktops, id: desktops.id, ownerId: desktops.ownerId };
  return { table: rooms, id: rooms.id, ownerId: rooms.ownerId };
}

/**
 * 410 `TAKEN_DOWN` for anyone but the owner while the item is taken down, or while its owner's account is
 * disabled (what they shared stops with them, and comes back if an admin enables them again). Both are read
 * in one statement from the database every node shares, so a disable or a takedown on one node is answered
 * by all of them from the next request on.
 */
export async function refuseIfTakenDown(db: Database | Transaction, kind: ReportedKind, itemId: string): Promise<void> {
  const { table, id, ownerId } = itemOf(kind);
  const [row] = await db
    .select({ takenDownAt: takedowns.takenDownAt, ownerDisabledAt: users.disabledAt })
    .from(table)
    .leftJoin(users, eq(users.id, ownerId))
    .leftJoin(takedowns, takedownInForceOn(kind, id))
    .where(eq(id, itemId));
  if (row && (row.takenDownAt || row.ownerDisabledAt)) throw new AppError('TAKEN_DOWN');
}
