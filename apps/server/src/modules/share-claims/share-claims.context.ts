import { SHARE_CLAIMS_PER_ADDRESS, SHARE_CLAIMS_WINDOW_MS } from '@clipsync/shared';
import type { Database } from '../../db/client';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import { createClipsContext, type ClipsContext } from '../clips/clips.context';
import type { AppContext } from '../../app-context';

/** What the share claims use of the app: the clips area's context makes the claimed clip. */
export interface ShareClaimsContext {
  db: Database;
  files: FileStore;
  clips: ClipsContext;
  /** Shares kept per address (IPv6: its /64), shared across nodes with Redis. */
  perAddress: AttemptLimiter;
  /** What may wait at once, all senders together. */
  caps: { maxWaiting: number; maxBytes: number };
}

export function createShareClaimsContext(ctx: AppContext): ShareClaimsContext {
  return {
    db: ctx.db,
    files: ctx.files,
    clips: createClipsContext(ctx),
    perAddress: ctx.attemptLimiter({ max: SHARE_CLAIMS_PER_ADDRESS, windowMs: SHARE_CLAIMS_WINDOW_MS }),
    caps: ctx.config.shareClaims,
  };
}
