import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clipFiles, clips, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface ClipFileLimits {
  storageQuotaBytes: number;
  maxFilesPerClip: number;
}

/** The database or a transaction on it: both checks only read. */
type Reader = Pick<Database, 'select'>;
type ClipRef = { id: string; userId: string };

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

function quotaExceeded(limits: ClipFileLimits): AppError {
  return new AppError(
    'QUOTA_EXCEEDED',
    `Your files may take up to ${describeBytes(limits.storageQuotaBytes)} in total. Delete some files to make room for this one.`,
  );
}

function tooManyFiles(limits: ClipFileLimits): AppError {
  return new AppError('TOO_MANY_FILES', `A clip can hold at most ${limits.maxFilesPerClip} files.`);
}

/** Bytes of every file in every clip of this user, summed by the database. */
async function storedBytesOf(db: Reader, userId: string): Promise<number> {
  const [usage] = await db
    .select({ bytes: sql`coalesce(sum(${clipFiles.size}), 0)`.mapWith(Number) })
    .from(clipFiles)
    .innerJoin(clips, eq(clips.id, clipFiles.clipId))
    .where(eq(clips.userId, userId));
  return usage?.bytes ?? 0;
}

async function fileCountOf(db: Reader, clipId: string): Promise<number> {
  const [files] = await db.select({ total: count() }).from(clipFiles).where(eq(clipFiles.clipId, clipId));
  return files?.total ?? 0;
}

/**
 * Refuses an upload before any of its bytes are read when the clip is full or the owner's storage
 * already is. Unlocked, so only a shortcut: `assertFileFits` decides.
 */
export async function assertRoomForUpload(db: Reader, limits: ClipFileLimits, clip: ClipRef): Promise<void> {
  if ((await fileCountOf(db, clip.id)) >= limits.maxFilesPerClip) throw tooManyFiles(limits);
  if ((await storedBytesOf(db, clip.userId)) >= limits.storageQuotaBytes) throw quotaExceeded(limits);
}

/**
 * Refuses a stored file of `size` bytes that would overfill the clip or the owner's quota. Runs in the
 * transaction that records the file, which already locks the clip; locking the owner's row as well
 * makes two uploads of one user (to any of their clips) take turns, so both cannot fit the same free
 * space. NO KEY UPDATE rather than UPDATE: it still serialises uploads but lets the user's other
 * writes (a new clip references the row) go on meanwhile.
 */
export async function assertFileFits(tx: Reader, limits: ClipFileLimits, clip: ClipRef, size: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, clip.userId)).for('no key update');
  if ((await fileCountOf(tx, clip.id)) >= limits.maxFilesPerClip) throw tooManyFiles(limits);
  if ((await storedBytesOf(tx, clip.userId)) + size > limits.storageQuotaBytes) throw quotaExceeded(limits);
}
