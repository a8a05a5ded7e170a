import type { PlanId } from '@clipsync/shared';

/** A plan as people read it: 'Pro'. */
export const planLabel = (plan: PlanId): string => plan.charAt(0).toUpperCase() + plan.slice(1);

const MIB = 1024 * 1024;

/** Megabytes (of 1024²) typed in the quota dialog, as bytes. */
export const bytesOfMegabytes = (megabytes: number): number => Math.round(megabytes * MIB);
export const megabytesOf = (bytes: number): number => Number((bytes / MIB).toFixed(1));

/** A date picked in the grant dialog (`YYYY-MM-DD`, the admin's day) as the end of that day. */
export const endOfDay = (date: string): string => new Date(`${date}T23:59:59`).toISOString();

/** Tomorrow as a date input wants it: a grant ends in the future. */
export function tomorrow(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}
