import { SHARE_CLAIM_MAX_FILES } from '@clipsync/shared';
import type { TFunction } from 'i18next';
import { MAX_WAITING_SHARES } from './share-inbox';
import { NOT_RECEIVED_PARAM } from './sw-routes';

/**
 * Why a share was not kept (`?not-received=<reason>`): the server's reasons
 * (modules/share-claims/share-target.routes.ts), the worker's `full` and `not-kept` (pwa/sw.ts), or nothing
 * when it carried nothing. Said on the share page, and on the sign-in a signed-out visitor is sent to first.
 */
const NOT_RECEIVED_TEXT: Record<string, string> = {
  'rate-limited': 'shareTarget.notReceivedRateLimited',
  busy: 'shareTarget.notReceivedBusy',
  'too-large': 'shareTarget.notReceivedTooLarge',
  'too-many-files': 'shareTarget.notReceivedTooManyFiles',
  malformed: 'shareTarget.notReceivedMalformed',
  full: 'shareTarget.notReceivedFull',
  'not-kept': 'shareTarget.notReceivedNotKept',
};

/** The count each text names: how many shares may wait on the device, or files one share may hold. */
const LIMIT_OF: Record<string, number> = { full: MAX_WAITING_SHARES, 'too-many-files': SHARE_CLAIM_MAX_FILES };

/** What the page says about a share not kept, from its URL's query; undefined when none was refused. */
export function notReceivedText(t: TFunction, search: string): string | undefined {
  const reason = new URLSearchParams(search).get(NOT_RECEIVED_PARAM);
  if (reason === null) return undefined;
  return t(NOT_RECEIVED_TEXT[reason] ?? 'shareTarget.notReceived', { count: LIMIT_OF[reason] ?? 0 });
}
