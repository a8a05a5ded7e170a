import type { HistoryRetention, HistoryRetentionSettings } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { historyRetention } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { effectiveHistoryCap } from '../accounts/settings.service';
import type { HistoryRetentionContext } from './history-retention.context';
import { toHistoryRetentionSettings } from './history-retention.presenter';
import { DEFAULT_HISTORY_RETENTION, storedRetentionDays } from './history-retention.rules';

/** The operator's cap as it is now (read at each call, as the console's settings are: one row). */
export function historyCapOf(ctx: HistoryRetentionContext): Promise<number | null> {
  return effectiveHistoryCap(ctx.db, ctx.environmentCap);
}

/** The caller's own "Keep my history for": there is nobody else's to read, so no other user can be named. */
export async function getHistoryRetention(
  ctx: HistoryRetentionContext,
  actor: Actor,
): Promise<HistoryRetentionSettings> {
  const { userId } = requireSignedIn(actor);
  const [[row], cap] = await Promise.all([
    ctx.db
      .select({ days: historyRetention.days, includeFavorites: historyRetention.includeFavorites })
      .from(historyRetention)
      .where(eq(historyRetention.userId, userId)),
    historyCapOf(ctx),
  ]);
  const choice = row ? { ...row, days: storedRetentionDays(row.days) } : DEFAULT_HISTORY_RETENTION;
  return toHistoryRetentionSettings(choice, cap);
}

/**
 * Saves the caller's choice. Nothing is deleted here: the retention job deletes what expired, in batches, off the
 * request path (within the hour).
 */
export async function updateHistoryRetention(
  ctx: HistoryRetentionContext,
  actor: Actor,
  choice: HistoryRetention,
): Promise<HistoryRetentionSettings> {
  const { userId } = requireSignedIn(actor);
  await ctx.db
    .insert(historyRetention)
    .values({ userId, ...choice })
    .onConflictDoUpdate({
      target: historyRetention.userId,
      set: { days: choice.days, includeFavorites: choice.includeFavorites, updatedAt: sql`now()` },
    });
  return toHistoryRetentionSettings(choice, await historyCapOf(ctx));
}
