import { and, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HISTORY_TOTAL_AHEAD, type ClipHistoryQuery, type ClipStats } from '@clipsync/shared';
import type { Database } from '../../db/client';
import { clipCounts, clips } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { countRoomsOf } from '../rooms/room-list.service';
import { cappedCount } from '../../lib/capped-count';
import { toContainsPattern } from '../../lib/contains-pattern';
import { rangeStart } from './clip-filters';
import { toClip } from './clips.presenter';
import type { HistoryPage } from './clip-history-answers';
import { clipColumns, type ClipRow } from './clip-columns';
import type { ClipsContext } from './clips.context';
import { filesOf } from './clips.service';

// A user's own lists: history (filtered and paged in SQL), favourites and stats. Drafts never count.

/**
 * A search term found in a clip's text or in one of its files' names: a `LIKE` on the stored lowercased copy of
 * both (`search_text`, empty for an encrypted clip, whose text is an envelope), which its trigram index answers.
 * The term is lowercased by the same `lower()` that made the copy.
 *
 * The copy joins the text and the names with line breaks, and a name is one line (toStoredFileName): a term
 * holding a line break is in the text or nowhere, so the rows the index finds are checked against the text
 * alone, or the end of the text and a first file name would match as one.
 */
function matchesSearch(search: string): SQL<boolean> {
  const pattern = toContainsPattern(search);
  const inCopy = sql<boolean>`${clips.searchText} like lower(${pattern})`;
  if (!/[\r\n]/.test(search)) return inCopy;
  return sql<boolean>`(${inCopy} and lower(${clips.content}) like lower(${pattern}))`;
}

/**
 * How many of the newest clips a search page looks among first, in history order (the history index), before
 * asking the trigram index: page 3 of a word in 5 % of the clips is found within them.
 */
const SEARCH_WINDOW = 1_200;

/** `shownSince`: a plan without unlimited history sees its last BASIC_HISTORY_DAYS; older clips are kept. */
function historyFilter(
  userId: string,
  query: Omit<ClipHistoryQuery, 'search'>,
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
    // What is left to seal is what the server can read; a link-encrypted clip (no wrapped key) is neither.
    query.sealed === true ? isNotNull(clips.wrappedKey) : undefined,
    query.sealed === false ? eq(clips.encrypted, false) : undefined,
    start ? sql`${clips.createdAt} > ${start.toISOString()}` : undefined,
  );
}

// NULLS LAST as the history indexes are declared: plain DESC means NULLS FIRST to the planner,
// which then ignores them and sorts every clip of the user (measured: 18 ms → 0.05 ms at 100 000).
const newestFirst = (columns: Record<'createdAt' | 'id', AnyColumn> = clips) => [
  sql`${columns.createdAt} desc nulls last`,
  sql`${columns.id} desc nulls last`,
];

type Page = Pick<ClipHistoryQuery, 'limit' | 'offset'>;

/** A page of the clips `where` matches, newest first. */
async function pageOf(db: Database, where: SQL | undefined, page: Page): Promise<ClipRow[]> {
  return db
    .select(clipColumns)
    .from(clips)
    .where(where)
    .orderBy(...newestFirst())
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of a search. A common word fills the page from the newest clips, so they are read first in history
 * order, SEARCH_WINDOW of them at most (a subquery with a LIMIT: the planner cannot push the search into it and
 * pick the trigram index, whose row estimate for a substring is a guess of a few rows). When the page is full
 * there, no older clip can come before its rows. Otherwise (a rare word, or a page further back) the trigram
 * index finds every match and they are sorted, as before. Measured on PostgreSQL, 20 000 clips of 512 bytes,
 * a word in 10 %: page 3 through the trigram index 30 ms (all 2 000 matches read and sorted), ~2 ms here.
 */
async function searchPageOf(db: Database, narrowed: SQL | undefined, search: string, page: Page): Promise<ClipRow[]> {
  const recent = db
    .select({ ...clipColumns, isMatch: matchesSearch(search).as('is_match') })
    .from(clips)
    .where(narrowed)
    .orderBy(...newestFirst())
    .limit(SEARCH_WINDOW)
    .as('recent');
  const found = (
    await db
      .select()
      .from(recent)
      .where(sql`${recent.isMatch}`)
      .orderBy(...newestFirst(recent))
      .limit(page.limit)
      .offset(page.offset)
  ).map(({ isMatch: _isMatch, ...row }) => row);
  if (found.length === page.limit) return found;
  return pageOf(db, and(narrowed, matchesSearch(search)), page);
}

/** A list's total, and whether it stopped at its cap (there are more). */
interface Total {
  total: number;
  isTotalCapped: boolean;
}

type KeptCounts = Omit<typeof clipCounts.$inferSelect, 'userId'>;

/**
 * A user's non-draft clip counts as the triggers keep them (migration 0004), and the version of their clips
 * (clip_history_version); zeros and version 0 before the first clip.
 */
async function keptCounts(db: Database, userId: string): Promise<KeptCounts> {
  const [row] = await db.select().from(clipCounts).where(eq(clipCounts.userId, userId));
  return row ?? { total: 0, favorites: 0, textOnly: 0, version: 0 };
}

/**
 * The total a history query matches. Without search or date range, and with at most one of type and
 * favourite, the kept counts answer in one row, exactly (`counts`: already read for this request);
 * otherwise the matches are counted, up to HISTORY_TOTAL_AHEAD past the page's start.
 */
async function totalOf(
  ctx: ClipsContext,
  userId: string,
  query: ClipHistoryQuery,
  where: SQL | undefined,
  isWindowed: boolean,
  counts: KeptCounts | undefined,
): Promise<Total> {
  const isKept =
    !isWindowed &&
    !query.search &&
    query.range === 'all' &&
    query.sealed === undefined &&
    (query.type === 'all' || query.favorite === undefined);
  if (!isKept) return cappedCount(ctx.db, clips, where, query.offset + HISTORY_TOTAL_AHEAD);
  const kept = counts ?? (await keptCounts(ctx.db, userId));
  const exact = (total: number): Total => ({ total, isTotalCapped: false });
  if (query.type === 'text') return exact(kept.textOnly);
  if (query.type === 'file') return exact(kept.total - kept.textOnly);
  if (query.favorite === true) return exact(kept.favorites);
  if (query.favorite === false) return exact(kept.total - kept.favorites);
  return exact(kept.total);
}

/**
 * A user's clips, newest first, filtered and paged in SQL; drafts never appear. `isTotalCapped`: the total
 * stopped HISTORY_TOTAL_AHEAD past the page's start, there are more.
 *
 * A page asked again while none of the user's clips changed is answered from memory (clip-history-answers.ts):
 * the kept counts row, one primary-key read, carries the version. Not a page whose rows depend on the clock
 * (a date range, or a plan that shows only recent history): the clock moves them without any change.
 */
export async function listClipHistory(ctx: ClipsContext, actor: Actor, query: ClipHistoryQuery): Promise<HistoryPage> {
  const { userId } = requireSignedIn(actor);
  const shownSince = await ctx.entitlements.historyStart(userId);
  const isRememberable = shownSince === null && query.range === 'all';
  const counts = isRememberable ? await keptCounts(ctx.db, userId) : undefined;
  const key = JSON.stringify(query);
  const remembered = counts && ctx.historyAnswers.get(userId, key, String(counts.version));
  if (remembered) return remembered;
  const narrowed = historyFilter(userId, query, shownSince);
  const where = query.search ? and(narrowed, matchesSearch(query.search)) : narrowed;
  const rows = query.search
    ? await searchPageOf(ctx.db, narrowed, query.search, query)
    : await pageOf(ctx.db, where, query);
  // A page that is not full is the last one, so it already tells the total; only a full page needs
  // the count, which costs a pass over the matching clips.
  const isLastPage = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  const { total, isTotalCapped } = isLastPage
    ? { total: query.offset + rows.length, isTotalCapped: false }
    : await totalOf(ctx, userId, query, where, shownSince !== null, counts);
  const files = await filesOf(ctx.db, rows);
  const page = { clips: rows.map((row) => toClip(row, files.get(row.id) ?? [], actor)), total, isTotalCapped };
  if (counts) ctx.historyAnswers.set(userId, key, String(counts.version), page);
  return page;
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
