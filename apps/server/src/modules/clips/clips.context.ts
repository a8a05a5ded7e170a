import {
  SHARE_PASSWORD_MISSES_PER_ADDRESS,
  SHARE_PASSWORD_MISSES_PER_LINK,
  SHARE_PASSWORD_MISSES_PER_LINK_AND_ADDRESS,
  SHARE_PASSWORD_MISSES_WINDOW_MS,
} from '@clipsync/shared';
import type { Database } from '../../db/client';
import type { WriteQueue } from '../../db/write-queue';
import type { DomainEvents } from '../../lib/domain-events';
import { quotaRuleOf, type QuotaRule } from '../../lib/storage-quota';
import type { EntitlementGate } from '../../lib/entitlements';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../../app-context';
import { createHistoryAnswers, type HistoryPage } from './clip-history-answers';
import { createClipViewGrants, type ClipViewGrants } from './clip-view-grants';
import { ClipViewBatch } from './clip-view-batch';
import { SharedClipAnswers } from './shared-clip-answers';
import type { VersionedCache } from '../../lib/versioned-cache';

/** What the clips area uses of the app: its services, routes, socket handlers and jobs take this. */
export interface ClipsContext {
  db: Database;
  /** Where a new clip's write and a text save wait for the database with the others waiting then (db/write-queue.ts). */
  writes: WriteQueue;
  events: DomainEvents;
  files: FileStore;
  limits: { storageQuota: QuotaRule; maxFilesPerClip: number };
  /** With billing on, a clip's link is readable by others only while its owner's plan includes sharing. */
  entitlements: EntitlementGate;
  /** The grants POST /open gives, which the socket's `clip:join` and the file downloads take. */
  grants: ClipViewGrants;
  /**
   * Wrong share passwords, counted per link and address, per link and per address (IPv6 /64), shared across
   * nodes with Redis.
   */
  passwordMisses: { perLinkAndAddress: AttemptLimiter; perLink: AttemptLimiter; perAddress: AttemptLimiter };
  /** The views of unprotected clips, written in batches; one per app, whichever context adds or flushes. */
  viewLog: ClipViewBatch;
  /**
   * Signed-out answers of unprotected clips, from memory; only on the embedded database, where this process
   * hears every change (with DATABASE_URL another node may change a clip unheard: undefined, every read asks).
   */
  sharedAnswers: SharedClipAnswers | undefined;
  /** History pages remembered per user and query under the user's clip version (clip-history.service). */
  historyAnswers: VersionedCache<HistoryPage>;
}

type SharedParts = Pick<ClipsContext, 'viewLog' | 'sharedAnswers' | 'historyAnswers'>;

/** Per app, not per context: the clips area, share claims and jobs all build one, and must share these. */
const sharedParts = new WeakMap<AppContext, SharedParts>();

function sharedPartsOf(ctx: AppContext): SharedParts {
  let parts = sharedParts.get(ctx);
  if (!parts) {
    parts = {
      viewLog: new ClipViewBatch(ctx.db, {
        onError: (error, lost) => ctx.log.error({ err: error, lost }, 'clip views could not be written'),
      }),
      sharedAnswers: ctx.database.kind === 'pglite' ? new SharedClipAnswers(ctx.events) : undefined,
      historyAnswers: createHistoryAnswers(),
    };
    sharedParts.set(ctx, parts);
  }
  return parts;
}

/** The area's context, from the app's (tests build the very same one). */
export function createClipsContext(ctx: AppContext): ClipsContext {
  return {
    db: ctx.db,
    writes: ctx.writes,
    events: ctx.events,
    files: ctx.files,
    limits: { storageQuota: quotaRuleOf(ctx.config), maxFilesPerClip: ctx.config.maxFilesPerClip },
    entitlements: ctx.entitlements,
    grants: createClipViewGrants(ctx.serverSecret),
    ...sharedPartsOf(ctx),
    passwordMisses: {
      perLinkAndAddress: ctx.attemptLimiter({
        max: SHARE_PASSWORD_MISSES_PER_LINK_AND_ADDRESS,
        windowMs: SHARE_PASSWORD_MISSES_WINDOW_MS,
      }),
      perLink: ctx.attemptLimiter({ max: SHARE_PASSWORD_MISSES_PER_LINK, windowMs: SHARE_PASSWORD_MISSES_WINDOW_MS }),
      perAddress: ctx.attemptLimiter({
        max: SHARE_PASSWORD_MISSES_PER_ADDRESS,
        windowMs: SHARE_PASSWORD_MISSES_WINDOW_MS,
      }),
    },
  };
}
