import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { clipFiles, clips, roomContent, users } from '../db/schema';
import { AppError } from './app-error';

/**
 * The per-user storage quota (ARCHITECTURE §7), one budget for everything a user uploaded: files of their
 * clips and files they put in rooms. Clips and rooms both check it through here.
 */

/** The database or a transaction on it: the checks only read (and lock). */
type Reader = Pick<Database, 'select'>;

const UNITS = [
  ['GB', 1024 ** 3],
  ['MB', 1024 ** 2],
  ['KB', 1024],
] as const;

/** "1GB", "2.5MB", "100 bytes": the units (of 1024) the upload size limit is already named in. */
function describeBytes(bytes: number): string {
  for (const [unit, size] of UNITS) if (bytes >= size) return `${Number((bytes / size).toFixed(1))}${unit}`;
  return `${bytes} bytes`;
}

function quotaExceeded(quotaBytes: number): AppError {
  return new AppError(
    'QUOTA_EXCEEDED',
    `Your files may take up to ${describeBytes(quotaBytes)} in total. Delete some files to make room for this one.`,
  );
}

/** Bytes of every file this user stored, in clips and in rooms, summed by the database. */
async function storedBytesOf(db: Reader, userId: string): Promise<number> {
  const bytes = sql`coalesce(sum(${clipFiles.size}), 0)`.mapWith(Number);
  const [inClips] = await db
    .select({ bytes })
    .from(clipFiles)
    .innerJoin(clips, eq(clips.id, clipFiles.clipId))
    .where(eq(clips.userId, userId));
  const [inRooms] = await db
    .select({ bytes: sql`coalesce(sum(${roomContent.fileSize}), 0)`.mapWith(Number) })
    .from(roomContent)
    .where(and(eq(roomContent.userId, userId), isNotNull(roomContent.storageKey)));
  return (inClips?.bytes ?? 0) + (inRooms?.bytes ?? 0);
}

/** Refuses an upload before any byte is read when the user's storage is already full. Unlocked: a shortcut. */
export async function assertStorageLeft(db: Reader, quotaBytes: number, userId: string): Promise<void> {
  if ((await storedBytesOf(db, userId)) >= quotaBytes) throw quotaExceeded(quotaBytes);
}

/**
 * Refuses a stored file of `size` bytes that would overfill the user's quota. Runs in the transaction that
 * records the file; locking the user's row makes two uploads of one user (to any clip or room) take turns,
 * so both cannot fit the same free space. NO KEY UPDATE rather than UPDATE: it still serialises uploads but
 * lets the user's other writes (a new row referencing the user) go on meanwhile.
 */
export async function assertStorageFits(tx: Reader, quotaBytes: number, userId: string, size: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  if ((await storedBytesOf(tx, userId)) + size > quotaBytes) throw quotaExceeded(quotaBytes);
}
