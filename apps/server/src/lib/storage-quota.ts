import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { clipFiles, clips, desktopItems, desktops, roomContent, users } from '../db/schema';
import { AppError } from './app-error';

/**
 * The per-user storage quota (ARCHITECTURE §7), one budget for everything a user keeps: files of their
 * clips, files they put in rooms and files on their desktop (whoever dropped them there through its share
 * link). A LAN desktop, which has no user, gets the same budget of its own. Every area checks it here.
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

/** Bytes of every file this user stored, in clips, in rooms and on their desktop, summed by the database. */
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
  const [onDesktop] = await db
    .select({ bytes: sql`coalesce(sum(${desktopItems.fileSize}), 0)`.mapWith(Number) })
    .from(desktopItems)
    .innerJoin(desktops, eq(desktops.id, desktopItems.desktopId))
    .where(eq(desktops.ownerId, userId));
  return (inClips?.bytes ?? 0) + (inRooms?.bytes ?? 0) + (onDesktop?.bytes ?? 0);
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

/** Bytes of the files on one desktop. */
async function desktopBytesOf(db: Reader, desktopId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql`coalesce(sum(${desktopItems.fileSize}), 0)`.mapWith(Number) })
    .from(desktopItems)
    .where(eq(desktopItems.desktopId, desktopId));
  return row?.bytes ?? 0;
}

/** Bytes of the files on every LAN desktop together. */
async function allLanDesktopBytes(db: Reader): Promise<number> {
  const [row] = await db
    .select({ bytes: sql`coalesce(sum(${desktopItems.fileSize}), 0)`.mapWith(Number) })
    .from(desktopItems)
    .innerJoin(desktops, eq(desktops.id, desktopItems.desktopId))
    .where(isNull(desktops.ownerId));
  return row?.bytes ?? 0;
}

/**
 * LAN desktops belong to no account, and anyone can make a new one by coming from another network: what
 * they all store together is bounded too (LAN_STORAGE_BYTES_MAX), so many networks cannot fill the disk.
 */
function lanStorageFull(): AppError {
  return new AppError(
    'QUOTA_EXCEEDED',
    'This server holds as many files for local networks as it can. Please try again later, or sign in.',
  );
}

/**
 * Uploads to any LAN desktop take turns on this transaction-level advisory lock, so two networks cannot
 * both fit the last free bytes of the LAN total. Two keys: a space apart from the job and migration locks.
 */
const LAN_STORAGE_LOCK = [0x6c616e73, createHash('sha256').update('lan-storage').digest().readInt32BE(0)] as const;

/** A LAN desktop (no owner) before any byte is read: refused when its own budget, or all LAN desktops', is used up. */
export async function assertDesktopStorageLeft(
  db: Reader,
  quotaBytes: number,
  desktopId: string,
  lanTotalBytes: number,
): Promise<void> {
  if ((await desktopBytesOf(db, desktopId)) >= quotaBytes) throw quotaExceeded(quotaBytes);
  if ((await allLanDesktopBytes(db)) >= lanTotalBytes) throw lanStorageFull();
}

/** A LAN desktop's file of `size` bytes, in the recording transaction; uploads to LAN desktops take turns. */
export async function assertDesktopStorageFits(
  tx: Transaction,
  quotaBytes: number,
  desktopId: string,
  size: number,
  lanTotalBytes: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LAN_STORAGE_LOCK[0]}, ${LAN_STORAGE_LOCK[1]})`);
  if ((await desktopBytesOf(tx, desktopId)) + size > quotaBytes) throw quotaExceeded(quotaBytes);
  if ((await allLanDesktopBytes(tx)) + size > lanTotalBytes) throw lanStorageFull();
}
