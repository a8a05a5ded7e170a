import { z } from 'zod';
import { HISTORY_RETENTION_CAP_MAX, HISTORY_RETENTION_CHOICES } from '../limits';

/** Days a history is kept: one of the choices, or null for forever. */
export const HistoryRetentionDays = z.literal(HISTORY_RETENTION_CHOICES).nullable();
export type HistoryRetentionDays = z.infer<typeof HistoryRetentionDays>;

/** The operator's cap on every user's history, in days (CLIP_RETENTION_DAYS, or the console's). */
export const HistoryRetentionCap = z.number().int().min(1).max(HISTORY_RETENTION_CAP_MAX);

/**
 * `PUT /api/account/history-retention`: what the user chose. Favourites are kept whatever the days unless
 * `includeFavorites`.
 */
export const HistoryRetention = z.object({ days: HistoryRetentionDays, includeFavorites: z.boolean() });
export type HistoryRetention = z.infer<typeof HistoryRetention>;

/**
 * The user's choice (forever and favourites kept until set), the operator's cap (null: none) and what applies:
 * the shorter of the two. Clips older than `effectiveDays` leave the history within the hour.
 */
export const HistoryRetentionSettings = HistoryRetention.extend({
  serverCapDays: HistoryRetentionCap.nullable(),
  effectiveDays: z.number().int().nullable(),
});
export type HistoryRetentionSettings = z.infer<typeof HistoryRetentionSettings>;
