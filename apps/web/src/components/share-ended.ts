import type { ClipShareSettings, ClipShareState } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../lib/use-date-format';

const HOUR_MS = 3_600_000;
/**
 * The expiries offered, from now (any future date is accepted: docs/features.md#private-shares); `never` is
 * the default, as links were before.
 */
export const EXPIRY_MS = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
} as const;
export type ExpiryLength = keyof typeof EXPIRY_MS;

/**
 * A link that no longer answers anyone but its owner: how it ended, when, and what became of the clip.
 * `emptied`: the expiry job took the clip's text and files with it (the owner chose so); `emptying`: it
 * will, at its next tick, which has not come yet.
 */
export interface EndedLink {
  how: ClipShareState;
  at: string | null;
  emptied: boolean;
  emptying: boolean;
}

/**
 * The link ended: the server says so (`state`), or, before its expiry job comes by, its expiry is past or
 * its last view spent. Null while it works, and once stopped (which is not an end: nothing to share again).
 */
export function endedLinkOf(share: ClipShareSettings | undefined, now = Date.now()): EndedLink | null {
  if (!share || share.linkId === null) return null;
  const isExpired = share.expiresAt !== null && Date.parse(share.expiresAt) <= now;
  if (share.state === null && !isExpired && share.viewsLeft !== 0) return null;
  const how = share.state ?? (isExpired ? 'expired' : 'viewed');
  return {
    how,
    at: share.endedAt ?? (how === 'expired' ? share.expiresAt : null),
    emptied: share.state !== null && share.deleteAfter,
    emptying: share.state === null && share.deleteAfter,
  };
}

/**
 * The expiry "Share again" offers: the ended link's, by the length it was set for (the nearest offered);
 * a link set before that length was kept gets a day, never "Never" for a link that had an expiry.
 */
export function expiryLengthOf(share: ClipShareSettings): ExpiryLength | 'never' {
  if (!share.expiresAt) return 'never';
  if (!share.expirySetAt) return 'day';
  const length = Date.parse(share.expiresAt) - Date.parse(share.expirySetAt);
  const lengths = Object.entries(EXPIRY_MS) as Array<[ExpiryLength, number]>;
  // Compared by ratio: 2 hours is nearer an hour than a day.
  const distance = (ms: number) => Math.abs(Math.log(Math.max(length, 1) / ms));
  return lengths.reduce((best, next) => (distance(next[1]) < distance(best[1]) ? next : best))[0];
}

/** A link's end, in the reader's language: its date and time. */
function useEndedDate(): (at: string | null) => string {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (at) => (at ? formatDate(at, 'dateTime') : t('time.justNow'));
}

/** The one sentence that says a link ended: how, when, and whether the clip's content went with it. */
export function useEndedSentence(): (ended: EndedLink) => string {
  const { t } = useTranslation();
  const dateOf = useEndedDate();
  return ({ how, at, emptied, emptying }) => {
    const suffix = emptied ? 'Emptied' : emptying ? 'Emptying' : '';
    return t(`share.ended.${how}${suffix}`, { date: dateOf(at) });
  };
}

/** The owner's byline once the link ended: the same end, in the clip page's words. */
export function useEndedByline(): (ended: EndedLink) => string {
  const { t } = useTranslation();
  const dateOf = useEndedDate();
  return ({ how, at }) => t(`editor.ownerLinkEnded.${how}`, { date: dateOf(at) });
}
