import { desc, eq, sql } from 'drizzle-orm';
import type { RoomActivityEntry, RoomActivityQuery, RoomActivityType } from '@clipsync/shared';
import { roomActivity, rooms, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/policy';
import { newId } from '../../lib/secure-tokens';
import { findRoomAccess } from './room-access';
import type { RoomsContext, Transaction } from './rooms.context';
import { roomPolicy } from './rooms.policy';
import { toActivityEntry } from './rooms.presenter';

export interface ActivityInput {
  roomId: string;
  userId: string;
  type: RoomActivityType;
  details?: Record<string, unknown>;
}

/**
 * Writes a change's entry and marks the room active, inside the change's own transaction: the log and the
 * room's "last active" never disagree with what happened, and a change that fails writes neither.
 */
export async function recordActivity(tx: Transaction, entry: ActivityInput): Promise<void> {
  await tx.insert(roomActivity).values({ id: newId(), ...entry, details: entry.details ?? {} });
  await tx
    .update(rooms)
    .set({ updatedAt: sql`now()` })
    .where(eq(rooms.id, entry.roomId));
}

/** A room's activity, newest first, paged in SQL; members only (404 for a private room's outsiders). */
export async function listRoomActivity(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  query: RoomActivityQuery,
): Promise<{ entries: RoomActivityEntry[]; total: number }> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'viewActivity', actor, access);
  const rows = await ctx.db
    .select({
      entry: roomActivity,
      user: { id: users.id, name: users.name, email: users.email },
      total: sql`count(*) over ()`.mapWith(Number),
    })
    .from(roomActivity)
    .innerJoin(users, eq(users.id, roomActivity.userId))
    .where(eq(roomActivity.roomId, roomId))
    .orderBy(desc(roomActivity.createdAt), desc(roomActivity.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countActivity(ctx, roomId));
  return { entries: rows.map((row) => toActivityEntry(row.entry, row.user)), total };
}

async function countActivity(ctx: RoomsContext, roomId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql`count(*)`.mapWith(Number) })
    .from(roomActivity)
    .where(eq(roomActivity.roomId, roomId));
  return row?.total ?? 0;
}
