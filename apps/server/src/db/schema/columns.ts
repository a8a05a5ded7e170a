import { sql } from 'drizzle-orm';
import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/** The timestamps every table keeps, written the same way everywhere (the migrations are unchanged). */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

/**
 * A block that may hold a file (room content, desktop items): its cleaned name and type, its size, and the
 * key of its bytes in the FileStore, all null for a text.
 */
export const storedFileColumns = () => ({
  fileName: text('file_name'),
  fileType: text('file_type'),
  fileSize: bigint('file_size', { mode: 'number' }),
  /** Server-generated key in the FileStore; never a user-given path. */
  storageKey: text('storage_key'),
});

/** An upload as stored (storage/store-upload.ts), as those columns' values. */
export function storedFileValues(stored: { name: string; type: string; size: number; storageKey: string }) {
  return { fileName: stored.name, fileType: stored.type, fileSize: stored.size, storageKey: stored.storageKey };
}
