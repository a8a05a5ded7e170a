import type { Clip } from '@clipsync/shared';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';

/** A page of a user's history as the service answers it. */
export interface HistoryPage {
  clips: Clip[];
  total: number;
  /** The total stopped HISTORY_TOTAL_AHEAD past the page's start: there are more. */
  isTotalCapped: boolean;
}

/**
 * A history page asked again (the list refetched on focus, a pager going back, a search typed again) is
 * answered from what was built last, as long as none of the user's clips changed: its version is the user's
 * kept counts row, read anyway for the totals, so a remembered page costs one primary-key read instead of
 * the page's queries (a search's two walk hundreds of clips). The answers hold no signed link; 30 s bounds
 * how long an answer nobody asks for again stays.
 */
const HISTORY_CACHE = {
  maxGroups: 1000,
  maxKeysPerGroup: 20,
  maxAgeMs: 30_000,
  weigh: (page: HistoryPage) => textHeldBy(page.clips),
  maxWeight: CACHED_TEXT_MAX,
};

/** History pages per user (the group) and query (the key), under the user's clip version. */
export function createHistoryAnswers(): VersionedCache<HistoryPage> {
  return new VersionedCache<HistoryPage>(HISTORY_CACHE);
}
