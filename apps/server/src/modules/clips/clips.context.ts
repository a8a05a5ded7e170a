import type { Database } from '../../db/client';
import type { clipFiles, clips } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { EntitlementGate } from '../../lib/entitlements';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../define-module';

/** What the clips area uses of the app: its services, routes, socket handlers and jobs take this. */
export interface ClipsContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
  limits: { storageQuotaBytes: number; maxFilesPerClip: number };
  /** With billing on, a clip's link is readable by others only while its owner's plan includes sharing. */
  entitlements: EntitlementGate;
}

export type ClipRow = typeof clips.$inferSelect;
export type ClipFileRow = typeof clipFiles.$inferSelect;

/** The area's context, from the app's (tests build the very same one). */
export function createClipsContext(ctx: AppContext): ClipsContext {
  return {
    db: ctx.db,
    events: ctx.events,
    files: ctx.files,
    limits: { storageQuotaBytes: ctx.config.storageQuotaBytes, maxFilesPerClip: ctx.config.maxFilesPerClip },
    entitlements: ctx.entitlements,
  };
}
