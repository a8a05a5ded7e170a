import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { RoomContentItem, RoomContentQuery, RoomMember, RoomUser } from '@clipsync/shared';
import { rowsOf } from '../../db/raw-rows';
import { roomContent, roomMembers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { FileLinks } from '../../lib/file-links';
import { authorize } from '../../lib/policy';
import { findRoomAccess } from './room-access';
import type { Executor, RoomsContext } from './rooms.context';
import { contentFilter, contentOrder, isWholeRoom } from './room-filters';
import { withWritability } from './room-writable';
import { roomPolicy, type RoomAccess } from './rooms.policy';
import type { ContentPage, RoomLists, SharedContent } from './room-detail-cache';
import { contentAbilities, toRoomContentItem } from './rooms.presenter';
import { toContainsPattern } from '../../lib/contains-pattern';

/**
 * One page of a room's content as filtered, with the total that matched. `roomTotal`, when given, yields
 * the room's item count from a query already under way (the detail's lists), so an unfiltered page does
 * not count the room a second time.
 */
export async function findContentPage(
  db: Executor,
  roomId: string,
  query: RoomContentQuery,
  roomTotal?: () => Promise<number>,
): Promise<ContentPage> {
  const where = contentFilter(roomId, query);
  const rows = await db
    .select({ item: roomContent, user: { id: users.id, name: users.name, email: users.email } })
    .from(roomContent)
    .innerJoin(users, eq(users.id, roomContent.userId))
    .where(where)
    .orderBy(...contentOrder(query))
    .limit(query.limit)
    .offset(query.offset);
  // A page that is not full is the last one and tells the total; only a full page pays for the count
  // (a window count over 5 000 items made page 1 cost 13 ms of SQL).
  const isLastPage = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  const total = isLastPage ? query.offset + rows.length : await countMatches(db, roomId, query, roomTotal);
  return { rows, total };
}

/**
 * A page as this caller sees it: their abilities on each item, file links signed for them. An item of
 * `shared` is taken as it is where the caller may do the same with it, so its encoding is shared too.
 */
export function presentContentPage(
  page: ContentPage,
  actor: Actor,
  access: RoomAccess,
  fileLinks: FileLinks,
  shared?: SharedContent,
): { items: RoomContentItem[]; total: number } {
  const items = page.rows.map((row, index) => {
    const item = shared?.items[index];
    if (item && isSameAbilities(item.abilities, contentAbilities(row.item, actor, access))) return item;
    return toRoomContentItem(row.item, row.user, actor, access, fileLinks);
  });
  return { items, total: page.total };
}

function isSameAbilities(a: RoomContentItem['abilities'], b: RoomContentItem['abilities']): boolean {
  return a.edit === b.edit && a.delete === b.delete;
}

/** An unfiltered query matches the whole room: its count is the one already on its way, if any. */
function countMatches(
  db: Executor,
  roomId: string,
  query: RoomContentQuery,
  roomTotal: (() => Promise<number>) | undefined,
): Promise<number> {
  return roomTotal && isWholeRoom(query) ? roomTotal() : countContent(db, roomId, query);
}

/** How many items match the query's filters. */
async function countContent(db: Executor, roomId: string, query: RoomContentQuery): Promise<number> {
  const { search, ...others } = query;
  if (search) return countSearchMatches(db, contentFilter(roomId, others), toContainsPattern(search));
  const [row] = await db.select({ total: count() }).from(roomContent).where(contentFilter(roomId, query));
  return row?.total ?? 0;
}

/**
 * A search's count as the union of its three kinds of match (text, file name, the author's e-mail), each
 * with the other filters: every branch reads an index (the room's trigrams, the authors index). The OR of
 * the three across the users join made PostgreSQL read and lower-case every item (25 ms at 5 000 items).
 */
async function countSearchMatches(db: Executor, others: SQL | undefined, pattern: string): Promise<number> {
  const ids = (match: SQL) => db.select({ id: roomContent.id }).from(roomContent).where(and(others, match));
  const authors = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
  const matches = union(
    ids(ilike(roomContent.content, pattern)),
    ids(ilike(roomContent.fileName, pattern)),
    ids(inArray(roomContent.userId, authors)),
  ).as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

/** The members, the owner first and then in joining order (as the Members tab lists them). */
export async function listMembers(db: Executor, roomId: string): Promise<RoomMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: roomMembers.role })
    .from(roomMembers)
    .innerJoin(users, eq(users.id, roomMembers.userId))
    .where(eq(roomMembers.roomId, roomId))
    .orderBy(...MEMBER_ORDER);
  return rows.map((row) => ({ ...row, avatar: null }));
}

/** The owner first, then in joining order; the user id keeps equal join times stable. */
const MEMBER_ORDER = [sql`${roomMembers.role} = 'owner' desc`, asc(roomMembers.joinedAt), asc(roomMembers.userId)];

/**
 * Members, authors and the room's item count in one statement, each list built as JSON by PostgreSQL.
 * Each separate query cost a round trip, a pool checkout and per-row mapping of ~200 rows in Node, which
 * made up most of a room detail's time; the authors and the count also share one pass over the
 * (room_id, user_id) index instead of reading its 5 000 entries twice.
 */
export async function loadRoomLists(db: Executor, roomId: string): Promise<RoomLists> {
  const result = await db.execute(
    sql`select ${membersJson(roomId)} as members, ${authorshipJson(roomId)} as authorship`,
  );
  const [row] = rowsOf<RoomListsRow>(result);
  if (!row) throw new Error('select without from returned no row');
  const members = row.members.map((member) => ({ ...member, avatar: null }));
  return { members, authors: row.authorship.authors, contentTotal: Number(row.authorship.total) };
}

interface RoomListsRow {
  members: Array<Omit<RoomMember, 'avatar'>>;
  /** `total` is a numeric (a sum of counts): JSON keeps it a number. */
  authorship: { authors: RoomUser[]; total: number };
}

const membersJson = (roomId: string) => sql`(
  select coalesce(json_agg(json_build_object('id', ${users.id}, 'name', ${users.name}, 'email', ${users.email},
    'role', ${roomMembers.role})
    order by ${sql.join(MEMBER_ORDER, sql`, `)}), '[]'::json)
  from ${roomMembers} inner join ${users} on ${users.id} = ${roomMembers.userId}
  where ${roomMembers.roomId} = ${roomId})`;

/** Distinct authors read from the (room_id, user_id) index alone, with their item counts summed for the total. */
const authorshipJson = (roomId: string) => sql`(
  select json_build_object(
    'authors', coalesce(json_agg(json_build_object('id', ${users.id}, 'name', ${users.name}, 'email', ${users.email})
      order by ${users.email} asc, ${users.id} asc), '[]'::json),
    'total', coalesce(sum(authored.items), 0))
  from (
    select ${roomContent.userId} as user_id, count(*) as items from ${roomContent}
    where ${roomContent.roomId} = ${roomId} group by ${roomContent.userId}
  ) as authored
  inner join ${users} on ${users.id} = authored.user_id)`;

/** `GET /rooms/{id}/content`: the content page alone, for paging without refetching the room. */
export async function listRoomContent(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  query: RoomContentQuery,
): Promise<{ items: RoomContentItem[]; total: number }> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'view', actor, access);
  const presented = await withWritability(ctx, access);
  return presentContentPage(await findContentPage(ctx.db, roomId, query), actor, presented, ctx.fileLinks);
}
