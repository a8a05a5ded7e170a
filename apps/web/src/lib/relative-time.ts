/** Relative time: under 60 s 'Just now', then minutes, hours and days under 7 days, then a short date. */
export type RelativeTime =
  { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'date'; date: Date };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(iso: string, now = Date.now()): RelativeTime {
  const date = new Date(iso);
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < 7 * DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  return { unit: 'date', date };
}

/** The time until a moment to come (a link's expiry), in the same steps; past 7 days, the date itself. */
export function timeUntil(iso: string, now = Date.now()): RelativeTime {
  const remaining = relativeTime(new Date(now).toISOString(), new Date(iso).getTime());
  return remaining.unit === 'date' ? { unit: 'date', date: new Date(iso) } : remaining;
}
