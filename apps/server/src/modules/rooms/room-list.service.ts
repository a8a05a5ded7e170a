import { and, count, eq, sql } from 'drizzle-orm';
import { ROOM_AVATARS_SHOWN, type RoomAvatar, type RoomListQuery, type RoomSummary } from '@clipsync/shared';
import { roomMembers, rooms } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import type { RoomsContext } from './rooms.context';
import { roomListFilter, roomListOrder } from './room-filters';
import { readOnlyByOwner } from './room-writable';
import { toRoomSummary } from './rooms.presenter';

/**
 * The first members of each room (joining order) as a JSON array, computed per listed room inside the
 * list query itself: one round trip however many rooms, each lookup an index range on (room_id, joined_at).
 */
const firstAvatars = sql<Array<{ id: string; email: string }>>`coalesce((
  select json_agg(json_build_object('id', first.id, 'email', first.email) order by first.joined_at, first.id)
  from (
    select u.id, u.email, m.joined_at from room_members m inner join users u on u.id = m.user_id
    where m.room_id = ${rooms.id} order by m.joined_at, m.user_id limit ${sql.raw(String(ROOM_AVATARS_SHOWN))}
  ) first
), '[]'::json)`;

/** The rooms the caller belongs to, filtered, sorted and paged in SQL, with the total that matched. */
export async function listRooms(
  ctx: RoomsContext,
  actor: Actor,
  query: RoomListQuery,
): Promise<{ rooms: RoomSummary[]; total: number }> {
  const { userId } = requireSignedIn(actor);
  const where = and(eq(roomMembers.userId, userId), roomListFilter(query));
  const rows = await ctx.db
    .select({
      room: rooms,
      role: roomMembers.role,
      avatars: firstAvatars,
      total: sql`count(*) over ()`.mapWith(Number),
    })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(where)
    .orderBy(...roomListOrder(query))
    .limit(query.limit)
    .offset(query.offset);
  // Past the last page there is no row to carry the window count: count on its own then.
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countRooms(ctx, where));
  const readOnly = await readOnlyByOwner(
    ctx,
    rows.map(({ room }) => room.ownerId),
  );
  return {
    rooms: rows.map(({ room, role, avatars }) =>
      toRoomSummary(
        room,
        { ownerId: room.ownerId, isPrivate: room.isPrivate, role, readOnly: readOnly.get(room.ownerId) },
        avatars.map((member): RoomAvatar => ({ ...member, avatar: null })),
        actor,
      ),
    ),
    total,
  };
}

async function countRooms(ctx: RoomsContext, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .where(where);
  return row?.total ?? 0;
}

/** How many rooms a user belongs to (the dashboard's "active rooms"): an index range on room_members.user_id. */
export async function countRoomsOf(db: Pick<RoomsContext['db'], 'select'>, userId: string): Promise<number> {
  const [rooms] = await db.select({ total: count() }).from(roomMembers).where(eq(roomMembers.userId, userId));
  return rooms?.total ?? 0;
}
