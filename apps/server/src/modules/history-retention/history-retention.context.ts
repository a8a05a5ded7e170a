import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../../app-context';

/** What the history retention area uses of the app: its routes and its job take this. */
export interface HistoryRetentionContext {
  db: Database;
  /** `clip.deleted` for each clip the job deletes: open pages, live viewers and remembered answers hear it. */
  events: DomainEvents;
  /** Where the deleted clips' files are kept. */
  files: FileStore;
  /** CLIP_RETENTION_DAYS (undefined: the console's cap applies, if any). */
  environmentCap: number | undefined;
  log: FastifyBaseLogger;
}

export function createHistoryRetentionContext(ctx: AppContext): HistoryRetentionContext {
  return {
    db: ctx.db,
    events: ctx.events,
    files: ctx.files,
    environmentCap: ctx.config.clipRetentionDays,
    log: ctx.log,
  };
}
