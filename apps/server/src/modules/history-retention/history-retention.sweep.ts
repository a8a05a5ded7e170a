import { and, asc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { clipCounts, historyRetention } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';
import { recordSystemEvent } from '../audit/audit.recorder';
import type { HistoryRetentionContext } from './history-retention.context';
import { effectiveRetentionDays, retentionCutoff } from './history-retention.rules';
import { historyCapOf } from './history-retention.service';

/**
 * Clips one statement deletes at most: each batch commits on its own, so a first run over a long backlog never
 * holds one long transaction (nor, on the embedded database, the one connection every request waits for).
 */
export const RETENTION_BATCH = 500;
/** Accounts whose rules one statement carries (a keyset step over the accounts). */
const ACCOUNTS_PER_STEP = 500;
/** Batches one run deletes at most (250 000 clips); the next run goes on where this one stopped. */
const BATCHES_PER_RUN = 500;
/** Stored files deleted at once: a batch of clips may hold thousands. */
const FILE_DELETES_AT_ONCE = 32;

/** What one account's history keeps: clips made before `cutoff` go, favourites too only with `includeFavorites`. */
interface AccountRule {
  userId: string;
  cutoff: Date;
  includeFavorites: boolean;
}

/** What a run deleted, as the audit entry counts it. */
export interface RetentionRun {
  clips: number;
  files: number;
  /** Text and file bytes together: what the accounts' usage went down by. */
  bytes: number;
  accounts: number;
  /** Stored files whose deletion failed (their rows are gone: orphans, never holes). */
  filesNotDeleted: number;
}

interface DeletedClip {
  id: string;
  userId: string;
  shareId: string | null;
  textBytes: number;
  files: { key: string; size: number }[];
}

/**
 * One step of accounts after `after`, by id, with the days each keeps: with a cap, every account that has clips
 * (their counts row), else only those who chose a number of days.
 */
async function accountsAfter(ctx: HistoryRetentionContext, cap: number | null, after: string, now: Date) {
  const rows =
    cap === null
      ? await ctx.db
          .select({
            userId: historyRetention.userId,
            days: historyRetention.days,
            includeFavorites: historyRetention.includeFavorites,
          })
          .from(historyRetention)
          .where(and(isNotNull(historyRetention.days), gt(historyRetention.userId, after)))
          .orderBy(asc(historyRetention.userId))
          .limit(ACCOUNTS_PER_STEP)
      : await ctx.db
          .select({
            userId: clipCounts.userId,
            days: historyRetention.days,
            includeFavorites: sql<boolean>`coalesce(${historyRetention.includeFavorites}, false)`,
          })
          .from(clipCounts)
          .leftJoin(historyRetention, eq(historyRetention.userId, clipCounts.userId))
          .where(and(gt(clipCounts.total, 0), gt(clipCounts.userId, after)))
          .orderBy(asc(clipCounts.userId))
          .limit(ACCOUNTS_PER_STEP);
  const rules = rows.flatMap(({ userId, days, includeFavorites }): AccountRule[] => {
    const kept = effectiveRetentionDays(days, cap);
    return kept === null ? [] : [{ userId, cutoff: retentionCutoff(now, kept), includeFavorites }];
  });
  return { rules, last: rows.at(-1)?.userId, isLastStep: rows.length < ACCOUNTS_PER_STEP };
}

/**
 * Deletes up to RETENTION_BATCH expired clips of these accounts in one statement, and answers them with their
 * files' keys (read in the statement's snapshot, before the cascade takes the rows). Each account's clips are
 * found through clips_history_idx (its non-drafts, oldest first); the delete checks the rule again on the row it
 * deletes, so a clip made a favourite meanwhile stays. The triggers on clips and clip_files keep the counts and
 * the usage right in the same statement.
 */
async function deleteExpiredBatch(ctx: HistoryRetentionContext, rules: AccountRule[]): Promise<DeletedClip[]> {
  const values = sql.join(
    rules.map(
      (rule) =>
        sql`(${rule.userId}::text, ${rule.cutoff.toISOString()}::timestamptz, ${rule.includeFavorites}::boolean)`,
    ),
    sql`, `,
  );
  const expires = (clip: SQL) =>
    sql`not ${clip}.is_draft and ${clip}.created_at < r.cutoff and (r.include_favorites or not ${clip}.is_favorite)`;
  const result = await ctx.db.execute(sql`
    with r (user_id, cutoff, include_favorites) as (values ${values}),
    expired as (
      select c.id
        from r
        cross join lateral (
          select id from clips
           where clips.user_id = r.user_id and ${expires(sql`clips`)}
           order by clips.created_at
           limit ${RETENTION_BATCH}
        ) c
       limit ${RETENTION_BATCH}
    ),
    gone as (
      delete from clips
       using expired, r
       where clips.id = expired.id and r.user_id = clips.user_id and ${expires(sql`clips`)}
      returning clips.id, clips.user_id, clips.share_id, octet_length(clips.content) as text_bytes
    )
    select gone.id,
           gone.user_id as "userId",
           gone.share_id as "shareId",
           gone.text_bytes as "textBytes",
           coalesce(
             (select json_agg(json_build_object('key', f.storage_key, 'size', f.size))
                from clip_files f where f.clip_id = gone.id),
             '[]'::json
           ) as files
      from gone`);
  return rowsOf<DeletedClip>(result);
}

/** Deletes stored files a few at a time; answers how many could not be deleted (logged, left as orphans). */
async function deleteStoredFiles(ctx: HistoryRetentionContext, keys: string[]): Promise<number> {
  let failed = 0;
  for (let start = 0; start < keys.length; start += FILE_DELETES_AT_ONCE) {
    const outcomes = await Promise.allSettled(
      keys.slice(start, start + FILE_DELETES_AT_ONCE).map((key) => ctx.files.delete(key)),
    );
    failed += outcomes.filter((outcome) => outcome.status === 'rejected').length;
  }
  if (failed > 0) ctx.log.warn({ failed }, 'history retention: stored files of deleted clips could not be deleted');
  return failed;
}

/**
 * The retention job: deletes every clip older than its account keeps history (the user's choice, capped by the
 * operator), favourites only where the user asked, a batch per statement, then their stored files. Rooms' and
 * desktops' items are not anyone's history: untouched. A run that deleted anything writes one audit entry with
 * its counts (never one per clip).
 */
export async function deleteExpiredHistory(ctx: HistoryRetentionContext, now = new Date()): Promise<RetentionRun> {
  const cap = await historyCapOf(ctx);
  const run: RetentionRun = { clips: 0, files: 0, bytes: 0, accounts: 0, filesNotDeleted: 0 };
  const accounts = new Set<string>();
  let after = '';
  let batches = 0;
  for (;;) {
    const step = await accountsAfter(ctx, cap, after, now);
    for (;;) {
      if (step.rules.length === 0 || batches >= BATCHES_PER_RUN) break;
      const deleted = await deleteExpiredBatch(ctx, step.rules);
      batches += 1;
      for (const clip of deleted) {
        accounts.add(clip.userId);
        ctx.events.emit('clip.deleted', { clipId: clip.id, shareId: clip.shareId, ownerId: clip.userId });
      }
      const files = deleted.flatMap((clip) => clip.files);
      run.clips += deleted.length;
      run.files += files.length;
      run.bytes += deleted.reduce((sum, clip) => sum + clip.textBytes, 0) + files.reduce((sum, f) => sum + f.size, 0);
      // The stored bytes go once the rows are gone for good (as deleting one clip does).
      run.filesNotDeleted += await deleteStoredFiles(
        ctx,
        files.map((file) => file.key),
      );
      if (deleted.length < RETENTION_BATCH) break;
    }
    if (step.isLastStep || !step.last || batches >= BATCHES_PER_RUN) break;
    after = step.last;
  }
  run.accounts = accounts.size;
  if (run.clips > 0) {
    await recordSystemEvent(ctx.db, { action: 'history.retention', details: { ...run, capDays: cap } });
  }
  return run;
}
