import type { Takedown } from '@clipsync/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { roomMembers, roomRemovals, rooms, takedowns, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { createBatchedLoader } from '../../lib/batched-loader';
import type { Executor, RoomRow } from './rooms.context';
import type { RoomAccess } from './rooms.policy';

export const ROOM_NOT_FOUND = 'Room not found';

/**
 * The room and the caller's role in it, in one query; 404 when there is no such room. `version` is the
 * room's last activity to the microsecond (every change bumps it in its own transaction, and a Date keeps
 * only milliseconds): what a cached room detail is checked against.
 *
 * Every room request starts here, so the requests that arrive together ask in one query
 * (lib/batched-loader.ts): under load that was a quarter of a room detail's server time, one round trip
 * each.
 */
export async function findRoomAccess(db: Database, actor: Actor, roomId: string): Promise<FoundAccess> {
  const found = await accessLoader(db)({ roomId, userId: actor?.userId ?? '' });
  if (!found) throw new AppError('NOT_FOUND', ROOM_NOT_FOUND);
  // A disabled owner's room answers its members as a taken-down one does (refuseIfTakenDown).
  const isRefused = found.takedown !== null || found.isOwnerDisabled;
  if (isRefused && found.room.ownerId !== actor?.userId) throw new AppError('TAKEN_DOWN');
  return found;
}

type AccessKey = { roomId: string; userId: string };
/**
 * `takedown`: the operator's takedown in force, when there is one; only the owner still reaches the room, and
 * is shown why. `version` names it too: a takedown or a restore changes no room row, yet changes the owner's
 * detail, so a detail remembered before it (on any node) is not answered after it.
 */
type FoundAccess = {
  room: RoomRow;
  access: RoomAccess;
  version: string;
  takedown: Takedown | null;
  isOwnerDisabled: boolean;
};

const accessLoader = preparedPerDatabase((db) =>
  createBatchedLoader(async (keys: readonly AccessKey[]): Promise<(FoundAccess | undefined)[]> => {
    const rows = await accessQuery(db).execute({
      roomIds: keys.map((key) => key.roomId),
      userIds: keys.map((key) => key.userId),
    });
    const roomsById = new Map(rows.map((row) => [row.room.id, row]));
    const roles = new Map(rows.map((row) => [`${row.room.id} ${row.memberId}`, row.role]));
    return keys.map(({ roomId, userId }) => {
      const row = roomsById.get(roomId);
      if (!row) return undefined;
      const role = roles.get(`${roomId} ${userId}`) ?? null;
      return {
        room: row.room,
        access: { ownerId: row.room.ownerId, isPrivate: row.room.isPrivate, role },
        version: row.takenDownAt ? `${row.version} taken down ${row.takenDownAt.toISOString()}` : row.version,
        takedown:
          row.takenDownAt && row.takedownReason !== null
            ? { reason: row.takedownReason, takenDownAt: row.takenDownAt.toISOString() }
            : null,
        isOwnerDisabled: row.ownerDisabledAt !== null,
      };
    });
  }),
);

/**
 * The asked rooms, each with a row per asking user who is a member (or one row with no member): prepared
 * (db/prepared.ts), the same statement for one key or many.
 */
const accessQuery = preparedPerDatabase((db) =>
  db
    .select({
      room: rooms,
      memberId: roomMembers.userId,
      role: roomMembers.role,
      version: sql<string>`${rooms.updatedAt}::text`,
      takedownReason: takedowns.reason,
      takenDownAt: takedowns.takenDownAt,
      ownerDisabledAt: users.disabledAt,
    })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    // At most one takedown is in force per item (its partial unique index), so this adds no row.
    .leftJoin(
      takedowns,
      and(eq(takedowns.itemKind, 'room'), eq(takedowns.itemId, rooms.id), isNull(takedowns.restoredAt)),
    )
    .leftJoin(
      roomMembers,
      and(eq(roomMembers.roomId, rooms.id), sql`${roomMembers.userId} = any(${sql.placeholder('userIds')})`),
    )
    .where(sql`${rooms.id} = any(${sql.placeholder('roomIds')})`)
    .prepare('room_access'),
);

/** Adds a member unless already one; returns whether they were added (member_count follows in the same step). */
export async function insertMember(tx: Transaction, roomId: string, userId: string): Promise<boolean> {
  const added = await tx
    .insert(roomMembers)
    .values({ roomId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: roomMembers.userId });
  if (added.length === 0) return false;
  await tx
    .update(rooms)
    .set({ memberCount: sql`${rooms.memberCount} + 1` })
    .where(eq(rooms.id, roomId));
  return true;
}

export const REMOVED_MESSAGE = 'You were removed from this room. Only its owner can invite you back.';

/** Refuses someone the owner removed: only the owner's invitation, once accepted, lets them back. */
export async function refuseRemoved(executor: Executor, roomId: string, userId: string): Promise<void> {
  const [removal] = await executor
    .select({ userId: roomRemovals.userId })
    .from(roomRemovals)
    .where(and(eq(roomRemovals.roomId, roomId), eq(roomRemovals.userId, userId)));
  if (removal) throw new AppError('FORBIDDEN', REMOVED_MESSAGE);
}

/** Removes a non-owner member; returns whether they were one. */
export async function deleteMember(tx: Transaction, roomId: string, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId), eq(roomMembers.role, 'member')))
    .returning({ userId: roomMembers.userId });
  if (removed.length === 0) return false;
  await tx
    .update(rooms)
    .set({ memberCount: sql`${rooms.memberCount} - 1` })
    .where(eq(rooms.id, roomId));
  return true;
}
