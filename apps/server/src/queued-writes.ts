import type { AnyQueuedWrite } from './db/write-queue';
import { insertTextClip, saveClipText } from './modules/clips/clip-writes';

/**
 * Every write that goes through the write queue (db/write-queue.ts). On PGlite the queue sends a batch as its
 * writes' names and inputs, and the database's worker (database-worker.ts) runs them from this list, so a whole
 * transaction is one message each way. A write missing here is refused with its name; a test finds it first.
 */
export const QUEUED_WRITES: readonly AnyQueuedWrite[] = [insertTextClip, saveClipText];
