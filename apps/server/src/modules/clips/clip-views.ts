import { CLIP_VIEW_LOG_SIZE, type ClipView } from '@clipsync/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clipViews, users } from '../../db/schema';
import { userAgentKind } from './user-agent-kind';

/** Who opened a clip, as the request tells: its user agent only (never its address). */
export interface ViewerInfo {
  userAgent: string | undefined;
}

/**
 * How long after a logged open a read that says it is the same visit's refresh (`?refresh=true`) is
 * believed: the viewer page reads again right after joining live updates, and when the clip's files change.
 */
export const VISIT_REFRESH_WINDOW_SECONDS = 600;

/**
 * Logs one open of a clip by someone else than its owner, and drops what passes the newest
 * CLIP_VIEW_LOG_SIZE of that clip, in one statement: the read it rides on pays one round trip, no more.
 * (The DELETE sees the rows as before the INSERT, so it keeps one fewer of them.)
 *
 * `isRefresh`: the caller says this read refreshes a visit already logged. It is logged anyway unless the
 * same viewer (account, device and browser) has an entry within VISIT_REFRESH_WINDOW_SECONDS, so the flag
 * can merge a page's own reads into one entry but never keep a visit out of the owner's log.
 */
export async function recordView(
  db: Database,
  view: { clipId: string; viewerId: string | null; spentView: boolean; viewer: ViewerInfo; isRefresh?: boolean },
): Promise<void> {
  const { device, browser } = userAgentKind(view.viewer.userAgent);
  const alreadyLogged = view.isRefresh
    ? sql`exists (select 1 from ${clipViews}
                   where clip_id = ${view.clipId} and device = ${device} and browser = ${browser}
                     and viewer_id is not distinct from ${view.viewerId}
                     and viewed_at > now() - make_interval(secs => ${VISIT_REFRESH_WINDOW_SECONDS}))`
    : sql`false`;
  await db.execute(sql`
    with added as (
      insert into ${clipViews} (clip_id, device, browser, viewer_id, spent_view, is_from_refresh)
      select ${view.clipId}, ${device}, ${browser}, ${view.viewerId}, ${view.spentView}, ${view.isRefresh === true}
       where not ${alreadyLogged}
      returning clip_id
    )
    delete from ${clipViews}
     where clip_id = (select clip_id from added)
       and id <= (select id from ${clipViews}
                   where clip_id = ${view.clipId}
                   order by id desc offset ${CLIP_VIEW_LOG_SIZE - 1} limit 1)`);
}

/** The clip's view log, newest first, with a signed-in viewer's display name (never their e-mail). */
export async function listViews(db: Database, clipId: string): Promise<ClipView[]> {
  const rows = await db
    .select({
      viewedAt: clipViews.viewedAt,
      device: clipViews.device,
      browser: clipViews.browser,
      viewerName: users.name,
      spentView: clipViews.spentView,
    })
    .from(clipViews)
    .leftJoin(users, eq(users.id, clipViews.viewerId))
    .where(eq(clipViews.clipId, clipId))
    .orderBy(desc(clipViews.id))
    .limit(CLIP_VIEW_LOG_SIZE);
  return rows.map((row) => ({ ...row, viewedAt: row.viewedAt.toISOString(), viewerName: row.viewerName ?? null }));
}
