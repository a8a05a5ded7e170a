import { CLIP_VIEW_LOG_SIZE } from '@clipsync/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clips, clipViews, users } from '../../db/schema';
import { userAgentKind } from './user-agent-kind';
import { VISIT_REFRESH_WINDOW_SECONDS, type ViewerInfo } from './clip-views';

/** At most this long between a read and its entry in the database: what a crash may lose. */
export const VIEW_FLUSH_INTERVAL_MS = 1_000;
/** A burst writes sooner than the timer, so that one statement never carries an unbounded list. */
export const VIEW_FLUSH_MAX_PENDING = 500;

interface PendingView {
  clipId: string;
  viewerId: string | null;
  device: string;
  browser: string;
  viewedAt: Date;
  isRefresh: boolean;
  /** Already in a batch that failed: a second failure drops it. */
  isRetry?: boolean;
}

export interface ClipViewBatchOptions {
  flushEveryMs?: number;
  maxPending?: number;
  /**
   * A failed write: its entries are tried once more with the next batch (a restarting database, a clip
   * deleted in between); those failing twice are gone, as a crash would lose them, and counted in `lost`.
   */
  onError: (error: unknown, lost: number) => void;
}

/**
 * The views of unprotected clips (`getClip`), gathered in memory and written together: a link opened by
 * hundreds costs one INSERT and one trim a second, not a statement per read. Counted views (a view limit)
 * are written at once by the open itself, never here. Whoever reads the log (`getViewLog`) flushes first,
 * so the owner sees a view the moment its read answered on this node; with several nodes (DATABASE_URL) a view
 * another node answered reaches the log within that node's next second.
 */
export class ClipViewBatch {
  #pending: PendingView[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  readonly #flushEveryMs: number;
  readonly #maxPending: number;

  constructor(
    private readonly db: Database,
    private readonly options: ClipViewBatchOptions,
  ) {
    this.#flushEveryMs = options.flushEveryMs ?? VIEW_FLUSH_INTERVAL_MS;
    this.#maxPending = options.maxPending ?? VIEW_FLUSH_MAX_PENDING;
  }

  /**
   * `isRefresh`: as recordView's. A refresh the batch already holds an entry for (same clip and viewer) is
   * merged here; one whose entry is already written is merged by the INSERT, within the same window.
   */
  add(view: { clipId: string; viewerId: string | null; viewer: ViewerInfo; isRefresh?: boolean }): void {
    const { device, browser } = userAgentKind(view.viewer.userAgent);
    const entry: PendingView = {
      clipId: view.clipId,
      viewerId: view.viewerId,
      device,
      browser,
      viewedAt: new Date(),
      isRefresh: view.isRefresh === true,
    };
    if (entry.isRefresh && this.#pending.some((pending) => isSameViewer(pending, entry))) return;
    this.#pending.push(entry);
    if (this.#pending.length >= this.#maxPending) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#flushEveryMs).unref();
  }

  /**
   * What a read of one clip's log waits for: its views still gathered written (with everyone else's), or the
   * write under way finished; nothing when neither holds one of its views.
   */
  flushFor(clipId: string): Promise<void> {
    return this.#pending.some((view) => view.clipId === clipId) ? this.flush() : this.#writing;
  }

  /** Writes what is waiting; resolves once every view added before the call is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    // One write at a time, in order: a later batch's ids stay newer than an earlier one's.
    this.#writing = this.#writing.then(async () => {
      if (batch.length === 0) return;
      await writeViews(this.db, batch).catch((error: unknown) => {
        const retried = batch.filter((view) => !view.isRetry).map((view) => ({ ...view, isRetry: true }));
        this.options.onError(error, batch.length - retried.length);
        if (retried.length === 0) return;
        this.#pending.unshift(...retried);
        this.#timer ??= setTimeout(() => void this.flush(), this.#flushEveryMs).unref();
      });
    });
    return this.#writing;
  }
}

function isSameViewer(a: PendingView, b: PendingView): boolean {
  return a.clipId === b.clipId && a.viewerId === b.viewerId && a.device === b.device && a.browser === b.browser;
}

/**
 * One multi-row INSERT, then the log trimmed to the newest CLIP_VIEW_LOG_SIZE of each clip it touched. Rows
 * of a clip deleted meanwhile are dropped (its log went with it), a viewer deleted meanwhile is logged as
 * nobody (as the foreign key's `set null` would have), and a refresh is merged with the same viewer's entry
 * within VISIT_REFRESH_WINDOW_SECONDS of the read, as recordView does. A refresh that finds no such entry is
 * logged `is_from_refresh`: with several nodes, its visit's open may still wait in another node's batch. When
 * that open is written it takes the refresh's entry (the time of the open, no longer from a refresh) instead of
 * adding a second entry, whichever node writes first: a refresh is the same visit on any node.
 */
async function writeViews(db: Database, batch: readonly PendingView[]): Promise<void> {
  // The batch as one JSON parameter: 500 rows would otherwise be 3 500 parameters for drizzle to build and
  // the driver to bind (a profile at 1 000 reads/s put drizzle's building alone at 1.6 % of the process).
  const rows = JSON.stringify(
    batch.map((view, ord) => ({
      ord,
      clip_id: view.clipId,
      device: view.device,
      browser: view.browser,
      viewer_id: view.viewerId,
      viewed_at: view.viewedAt.toISOString(),
      is_refresh: view.isRefresh,
    })),
  );
  const clipIds = JSON.stringify([...new Set(batch.map((view) => view.clipId))]);
  const window = sql`make_interval(secs => ${VISIT_REFRESH_WINDOW_SECONDS})`;
  const isSameViewer = sql`logged.clip_id = v.clip_id and logged.device = v.device and logged.browser = v.browser
                  and logged.viewer_id is not distinct from v.viewer_id`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with v as (
        select * from json_to_recordset(${rows}::json)
          as v(ord int, clip_id text, device text, browser text, viewer_id text, viewed_at timestamptz, is_refresh boolean)
      ),
      opened_before_refresh as (
        update ${clipViews} logged set viewed_at = v.viewed_at, is_from_refresh = false
          from v
         where not v.is_refresh and logged.is_from_refresh and ${isSameViewer}
           and logged.viewed_at >= v.viewed_at and logged.viewed_at < v.viewed_at + ${window}
        returning v.ord
      )
      insert into ${clipViews} (clip_id, device, browser, viewer_id, spent_view, viewed_at, is_from_refresh)
      select v.clip_id, v.device, v.browser, (select id from ${users} where id = v.viewer_id), false, v.viewed_at,
             v.is_refresh
        from v
       where exists (select 1 from ${clips} where id = v.clip_id)
         and v.ord not in (select ord from opened_before_refresh)
         and not (v.is_refresh and exists (
               select 1 from ${clipViews} logged
                where ${isSameViewer} and logged.viewed_at > v.viewed_at - ${window}))
       order by v.ord`);
    // Per clip, the newest entry past the bound, found by walking clip_views_clip_idx; all before it go.
    await tx.execute(sql`
      delete from ${clipViews} logged
       using (select touched.clip_id,
                     (select id from ${clipViews} kept where kept.clip_id = touched.clip_id
                       order by id desc offset ${CLIP_VIEW_LOG_SIZE} limit 1) as last_dropped
                from json_array_elements_text(${clipIds}::json) as touched(clip_id)) as cut
       where logged.clip_id = cut.clip_id and logged.id <= cut.last_dropped`);
  });
}
