import { HistoryRetentionDays, type HistoryRetention } from '@clipsync/shared';

const DAY_MS = 86_400_000;

/** A user who never chose: forever, favourites kept. */
export const DEFAULT_HISTORY_RETENTION: HistoryRetention = { days: null, includeFavorites: false };

/** The days that apply: the shorter of the user's choice and the operator's cap; null (forever) when neither is set. */
export function effectiveRetentionDays(chosen: number | null, cap: number | null): number | null {
  if (chosen === null) return cap;
  if (cap === null) return chosen;
  return Math.min(chosen, cap);
}

/** A clip made before this moment has outlived `days`. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A stored choice as the contract says it: a number no version of the choices offers reads as forever. */
export function storedRetentionDays(days: number | null): HistoryRetentionDays {
  const parsed = HistoryRetentionDays.safeParse(days);
  return parsed.success ? parsed.data : null;
}
