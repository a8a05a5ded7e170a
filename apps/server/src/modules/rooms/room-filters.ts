import { and, eq, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROOM_SIZE_BUCKETS, type RoomContentQuery, type RoomContentRange, type RoomListQuery } from '@clipsync/shared';
import { roomContent, rooms, users } from '../../db/schema';
import { toContainsPattern } from '../../lib/contains-pattern';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<RoomContentRange, 'all'>, number> = { today: 0, week: 7, month: 30 };

/**
 * Room content ranges count from the start of today back 0, 7 and 30 days. "Today" is the
 * caller's: `tzOffset` is their `Date#getTimezoneOffset()` (minutes behind UTC), 0 for UTC.
 */
export function contentRangeStart(range: RoomContentRange, now: Date, tzOffset = 0): Date | null {
  if (range === 'all') return null;
  const localNow = now.getTime() - tzOffset * 60_000;
  const localMidnight = localNow - (((localNow % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(localMidnight + tzOffset * 60_000 - RANGE_DAYS[range] * DAY_MS);
}

/**
 * ORDER BY as the indexes are declared (DESC NULLS LAST, scanned backwards for ASC): plain DESC means
 * NULLS FIRST to the planner, which would then sort instead of reading the index in order.
 */
export function ordered(column: AnyColumn | SQL, order: 'asc' | 'desc'): SQL {
  return order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
}

/** Search over text, file names and author e-mails; type, author and date range (`users` is the author). */
export function contentFilter(roomId: string, query: RoomContentQuery, now = new Date()): SQL | undefined {
  const start = contentRangeStart(query.range, now, query.tzOffset);
  const pattern = query.search ? toContainsPattern(query.search) : undefined;
  return and(
    eq(roomContent.roomId, roomId),
    query.type === 'all' ? undefined : eq(roomContent.type, query.type),
    query.user ? eq(roomContent.userId, query.user) : undefined,
    start ? gte(roomContent.createdAt, start) : undefined,
    pattern
      ? or(ilike(roomContent.content, pattern), ilike(roomContent.fileName, pattern), ilike(users.email, pattern))
      : undefined,
  );
}

/** Whether `contentFilter` narrows nothing but the room: then every item of the room counts towards the total. */
export function isWholeRoom(query: RoomContentQuery): boolean {
  return !query.search && query.type === 'all' && !query.user && query.range === 'all';
}

/** The content tab's sorts: by date, or by type or author with the newest first among equals. */
export function contentOrder(query: RoomContentQuery): SQL[] {
  const newest = [ordered(roomContent.createdAt, 'desc'), ordered(roomContent.id, 'desc')];
  if (query.sort === 'type') return [ordered(roomContent.type, query.order), ...newest];
  if (query.sort === 'user') return [ordered(users.email, query.order), ...newest];
  return [ordered(roomContent.createdAt, query.order), ordered(roomContent.id, query.order)];
}

/** The rooms list's filters over the caller's rooms: name search, privacy and member-count buckets. */
export function roomListFilter(query: RoomListQuery): SQL | undefined {
  const bucket = query.size === 'all' ? undefined : ROOM_SIZE_BUCKETS[query.size];
  return and(
    query.search ? ilike(rooms.name, toContainsPattern(query.search)) : undefined,
    query.privacy === 'all' ? undefined : eq(rooms.isPrivate, query.privacy === 'private'),
    bucket ? gte(rooms.memberCount, bucket.min) : undefined,
    bucket && 'max' in bucket ? lte(rooms.memberCount, bucket.max) : undefined,
  );
}

/** Sorted by name (case-insensitive), last activity or member count; ties broken by id so pages are stable. */
export function roomListOrder(query: RoomListQuery): SQL[] {
  const key = { name: sql`lower(${rooms.name})`, updated_at: rooms.updatedAt, member_count: rooms.memberCount }[
    query.sort
  ];
  return [ordered(key, query.order), ordered(rooms.id, query.order)];
}
