import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clipFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertStorageFits, assertStorageLeft, type QuotaRule } from '../../lib/storage-quota';

export interface ClipFileLimits {
  storageQuota: QuotaRule;
  maxFilesPerClip: number;
}

/** The database or a transaction on it: both checks only read. */
type Reader = Pick<Database, 'select'>;
type ClipRef = { id: string; userId: string };

function tooManyFiles(limits: ClipFileLimits): AppError {
  return new AppError('TOO_MANY_FILES', `A clip can hold at most ${limits.maxFilesPerClip} files.`);
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
  await assertStorageLeft(db, limits.storageQuota, clip.userId);
}

/**
 * Refuses a stored file that would overfill the clip or the owner's quota. Runs in the
 * transaction that records the file, which already locks the clip; the quota check takes the owner's
 * storage turn as well (lib/storage-quota.ts).
 */
export async function assertFileFits(
  tx: Reader & Pick<Database, 'insert'>,
  limits: ClipFileLimits,
  clip: ClipRef,
  file: { name: string; size: number },
): Promise<void> {
  if ((await fileCountOf(tx, clip.id)) >= limits.maxFilesPerClip) throw tooManyFiles(limits);
  await assertStorageFits(tx, limits.storageQuota, clip.userId, file.size, file.name);
}
