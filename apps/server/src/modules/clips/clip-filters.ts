import type { ClipDateRange } from '@clipsync/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<ClipDateRange, 'all'>, number> = { today: 0, week: 7, month: 30 };

/**
 * A clip is in "today" when it is 0 whole days old, "week" at 7 or fewer, "month" at 30 or fewer.
 * Whole days of age ≤ N means created after now − (N + 1) days.
 */
export function rangeStart(range: ClipDateRange, now: Date): Date | null {
  if (range === 'all') return null;
  return new Date(now.getTime() - (RANGE_DAYS[range] + 1) * DAY_MS);
}
