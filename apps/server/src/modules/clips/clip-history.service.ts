import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Clip, ClipHistoryQuery, ClipStats } from '@clipsync/shared';
import type { Database } from '../../db/client';
import { clipCounts, clips } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { countRoomsOf } from '../rooms/room-list.service';
import { rangeStart, toContainsPattern } from './clip-filters';
import { toClip } from './clips.presenter';
import type { ClipsContext } from './clips.context';
import { filesOf } from './clips.service';

// A user's own lists: history (filtered and paged in SQL), favourites and stats. Drafts never count.

/**
 * A search term found in a clip's text or in one of its files' names. Never in an encrypted clip: its text is
 * an envelope, whose letters would match at random (and say nothing of what it holds). The flag is a filter
 * on the rows the trigram index finds, so the index still answers the search.
 */
function matchesSearch(search: string): SQL | undefined {
  const pattern = toContainsPattern(search);
  return and(eq(clips.encrypted, false), or(ilike(clips.content, pattern), ilike(clips.fileNames, pattern)));
}

/** `shownSince`: a plan without unlimited history sees its last BASIC_HISTORY_DAYS; older clips are kept. */
function historyFilter(
  userId: string,
  query: ClipHistoryQuery,
  shownSince: Date | null,
  now = new Date(),
): SQL | undefined {
  const start = rangeStart(query.range, now);
  return and(
    shownSince ? sql`${clips.createdAt} > ${shownSince.toISOString()}` : undefined,
    eq(clips.userId, userId),
    eq(clips.isDraft, false),
    query.type === 'file' ? eq(clips.hasFiles, true) : undefined,
    query.type === 'text' ? eq(clips.hasFiles, false) : undefined,
    query.favorite === undefined ? undefined : eq(clips.isFavorite, query.favorite),
    start ? sql`${clips.createdAt} > ${start.toISOString()}` : undefined,
    query.search ? matchesSearch(query.search) : undefined,
  );
}

/** A user's non-draft clip counts as the triggers keep them (migration 0004); zeros before the first clip. */
async function keptCounts(db: Database, userId: string) {
  const [row] = await db.select().from(clipCounts).where(eq(clipCounts.userId, userId));
  return row ?? { total: 0, favorites: 0, textOnly: 0 };
}

/**
 * The total a history query matches. Without search or date range, and with at most one of type and
 * favourite, the kept counts answer in one row; otherwise every match is counted.
 */
async function totalOf(
  ctx: ClipsContext,
  userId: string,
  query: ClipHistoryQuery,
  where: SQL | undefined,
  isWindowed: boolean,
) {
  const isKept =
    !isWindowed && !query.search && query.range === 'all' && (query.type === 'all' || query.favorite === undefined);
  if (!isKept) {
    const [row] = await ctx.db.select({ total: count() }).from(clips).where(where);
    return row?.total ?? 0;
  }
  const counts = await keptCounts(ctx.db, userId);
  if (query.type === 'text') return counts.textOnly;
  if (query.type === 'file') return counts.total - counts.textOnly;
  if (query.favorite === true) return counts.favorites;
  if (query.favorite === false) return counts.total - counts.favorites;
  return counts.total;
}

/** A user's clips, newest first, filtered and paged in SQL; drafts never appear. */
export async function listClipHistory(
  ctx: ClipsContext,
  actor: Actor,
  query: ClipHistoryQuery,
): Promise<{ clips: Clip[]; total: number }> {
  const { userId } = requireSignedIn(actor);
  const shownSince = await ctx.entitlements.historyStart(userId);
  const where = historyFilter(userId, query, shownSince);
  const rows = await ctx.db
    .select()
    .from(clips)
    .where(where)
    // NULLS LAST as the history indexes are declared: plain DESC means NULLS FIRST to the planner,
    // which then ignores them and sorts every clip of the user (measured: 18 ms → 0.05 ms at 100 000).
    .orderBy(sql`${clips.createdAt} desc nulls last`, sql`${clips.id} desc nulls last`)
    .limit(query.limit)
    .offset(query.offset);
  // A page that is not full is the last one, so it already tells the total; only a full page needs
  // the count, which costs a pass over every matching clip.
  const isLastPage = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  const total = isLastPage ? query.offset + rows.length : await totalOf(ctx, userId, query, where, shownSince !== null);
  const files = await filesOf(ctx.db, rows);
  return { clips: rows.map((row) => toClip(row, files.get(row.id) ?? [], actor)), total };
}

export async function getClipStats(ctx: ClipsContext, actor: Actor): Promise<ClipStats> {
  const { userId } = requireSignedIn(actor);
  const counts = await keptCounts(ctx.db, userId);
  return {
    totalClips: counts.total,
    textClips: counts.textOnly,
    favoriteClips: counts.favorites,
    activeRooms: await countRoomsOf(ctx.db, userId),
  };
}
