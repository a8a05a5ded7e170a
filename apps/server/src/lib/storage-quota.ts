import { createHash } from 'node:crypto';
// Without zod: the embedded database's worker loads this file with the clip writes (queued-writes.ts).
import { fileOverQuotaSentence, utf8ByteLength } from '@clipsync/shared/without-zod';
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import type { clips, roomContent } from '../db/schema';
import { billingAccounts, desktopItems, desktops, textUsage, users } from '../db/schema';
import { AppError } from './app-error';
import { planInForce, planStorageBytes } from './plan-in-force';

/**
 * The per-user storage quota (STORAGE_QUOTA_BYTES), one budget for everything a user keeps: files and text of
 * their clips, files and text they put in rooms and files and text on their desktop (whoever put them there
 * through its share link). A LAN desktop, which has no user, gets the same budget of its own. Every area
 * checks it here. Text is counted in UTF-8 bytes, as stored.
 */

/**
 * The columns the plan in force is read from (planInForce's input), of `users` left-joined with
 * `billing_accounts`: every reader of a plan selects these.
 */
export const PLAN_COLUMNS = {
  createdAt: users.createdAt,
  grantedPlan: users.grantedPlan,
  grantedPlanUntil: users.grantedPlanUntil,
  trialEndsAt: billingAccounts.trialEndsAt,
  subscriptionPlan: billingAccounts.plan,
  subscriptionStatus: billingAccounts.status,
  currentPeriodEnd: billingAccounts.currentPeriodEnd,
};

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
    `Your files and text may take up to ${describeBytes(quotaBytes)} in total. Delete some to make room for this one.`,
  );
}

/**
 * A file that does not fit what is left: the sentence and its figures, so each client can say which file,
 * how large, and how much room there was ("report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB").
 */
function fileOverQuota(fileName: string, fileBytes: number, usedBytes: number, quotaBytes: number): AppError {
  const overQuota = { fileName, fileBytes, leftBytes: Math.max(0, quotaBytes - usedBytes), quotaBytes };
  const error = new AppError('QUOTA_EXCEEDED', fileOverQuotaSentence(overQuota));
  error.overQuota = overQuota;
  return error;
}

/** A desktop block's bytes: its file's, or its text's. */
const itemBytes = sql`coalesce(sum(coalesce(${desktopItems.fileSize}, 0) + octet_length(${desktopItems.content})), 0)`;

/** A user's storage: the bytes they keep, and the quota that holds for them. */
export interface UserStorage {
  usedBytes: number;
  quotaBytes: number;
  /** `admin` when an admin set this account's quota, `plan` for the plan in force's (the free one without). */
  quotaSource: 'plan' | 'admin';
}

/**
 * What a user's quota is made of: the server's free quota (STORAGE_QUOTA_BYTES), which each plan multiplies
 * (plan-in-force.ts), and whether plans are sold here (the rule that says which plan is in force needs it).
 */
export interface QuotaRule {
  freeBytes: number;
  paymentsEnabled: boolean;
}

export function quotaRuleOf(config: { storageQuotaBytes: number; billing: unknown }): QuotaRule {
  return { freeBytes: config.storageQuotaBytes, paymentsEnabled: config.billing !== undefined };
}

/**
 * Bytes of every file and text this user stored, in clips, in rooms and on their desktop, with the account's
 * own quota if an admin set one, else the plan in force's (planInForce, the rule the billing page and the
 * console read): one primary-key read of the user's row and its billing row, whose `stored_bytes` the database
 * keeps equal to that sum on every change, in the changing transaction (triggers on `text_usage`, `clip_files`,
 * `room_content` and `desktop_items`, migrations 0035 and 0037). Summing the three tables instead cost a create
 * 0.70 ms of the one embedded connection, half of it planning (decision 038).
 */
export async function storageOf(db: Reader, rule: QuotaRule, userId: string, now = new Date()): Promise<UserStorage> {
  const [stored] = await db
    .select({ bytes: users.storedBytes, ownQuota: users.storageQuotaBytes, ...PLAN_COLUMNS })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!stored) return { usedBytes: 0, quotaBytes: rule.freeBytes, quotaSource: 'plan' };
  if (stored.ownQuota !== null) return { usedBytes: stored.bytes, quotaBytes: stored.ownQuota, quotaSource: 'admin' };
  const { plan } = planInForce(stored, { now, paymentsEnabled: rule.paymentsEnabled });
  return { usedBytes: stored.bytes, quotaBytes: planStorageBytes(plan, rule.freeBytes), quotaSource: 'plan' };
}

/**
 * Refuses an upload before any byte is read when the user's storage is already full. Unlocked: a shortcut.
 * The plan in force gives the quota; an account's own (set by an admin) wins over it, here and below.
 */
export async function assertStorageLeft(db: Reader, rule: QuotaRule, userId: string): Promise<void> {
  const { usedBytes, quotaBytes } = await storageOf(db, rule, userId);
  if (usedBytes >= quotaBytes) throw quotaExceeded(quotaBytes);
}

/**
 * Writers that grow one user's storage take turns on the user's `text_usage` row, held until they commit, so
 * two of them cannot fit the same free space; each reads the storage in a statement after it holds the row, so
 * it sees what the one before it committed. A text write already holds it: the table's trigger updated the row
 * in the write itself, so its check costs no statement more (a create was five statements, now four). A file
 * write takes it here, making the row of a user who has no text yet.
 */
export async function holdStorageTurn(tx: Pick<Database, 'insert'>, userId: string): Promise<void> {
  await tx
    .insert(textUsage)
    .values({ userId, bytes: 0 })
    .onConflictDoUpdate({ target: textUsage.userId, set: { bytes: sql`${textUsage.bytes}` } });
}

/**
 * Refuses, in the writing transaction, when the user's storage (this write's bytes counted) is over the quota;
 * a file not yet recorded (`fileName`, `size` bytes) is refused with its figures.
 */
async function assertWithinQuota(
  tx: Reader,
  rule: QuotaRule,
  userId: string,
  size: number,
  fileName?: string,
): Promise<void> {
  const { usedBytes, quotaBytes } = await storageOf(tx, rule, userId);
  if (usedBytes + size <= quotaBytes) return;
  throw fileName === undefined ? quotaExceeded(quotaBytes) : fileOverQuota(fileName, size, usedBytes, quotaBytes);
}

/**
 * Refuses a stored file of `size` bytes that would overfill the user's quota. Runs in the transaction that
 * records the file, which takes its turn at the user's storage first (holdStorageTurn): two uploads of one
 * user, or an upload and a text save, cannot both fit the same free space. Given the file's name (a file not
 * recorded yet), the refusal names it with its size and the room left.
 */
export async function assertStorageFits(
  tx: Reader & Pick<Database, 'insert'>,
  rule: QuotaRule,
  userId: string,
  size: number,
  fileName?: string,
): Promise<void> {
  await holdStorageTurn(tx, userId);
  await assertWithinQuota(tx, rule, userId, size, fileName);
}

/**
 * A clip's or room item's text that `write` changes to `change.text`, in the transaction that records it:
 * when it grows, the user's storage (which the write's own bytes are already counted in, by the database)
 * must still fit the quota, else the write is undone. The row is locked first, so its size before is exact
 * even while another save of it runs; a text that does not grow always goes through, even over the quota.
 * `change.where` finds the one row; when there is none, nothing is written and the answer is `undefined`.
 * Written before the check, not after: every text write takes its row, then (by the database's trigger)
 * the user's `text_usage` row, in that order, and the check then needs no lock of its own.
 */
export async function writeTextWithinQuota<Written>(
  tx: Reader,
  rule: QuotaRule,
  userId: string,
  change: TextChange,
  write: () => Promise<Written>,
): Promise<Written | undefined> {
  const [locked] = await tx
    .select({ bytes: sql`octet_length(${change.table.content})`.mapWith(Number) })
    .from(change.table)
    .where(change.where)
    .for('no key update');
  if (!locked) return undefined;
  const written = await write();
  // A write that matched nothing (a stale version) stored nothing: its caller says why, not the quota.
  const isUnwritten = Array.isArray(written) && written.length === 0;
  if (!isUnwritten) await assertGrownTextFits(tx, rule, userId, change.text, locked.bytes);
  return written;
}

/**
 * After a text's write that replaced `bytesBefore` bytes (read under the row's lock): when it grew, the user's
 * storage must still fit. The write's trigger changed the user's text_usage row, so the turn is held already.
 */
export async function assertGrownTextFits(
  tx: Reader,
  rule: QuotaRule,
  userId: string,
  text: string,
  bytesBefore: number,
): Promise<void> {
  if (utf8ByteLength(text) > bytesBefore) await assertWithinQuota(tx, rule, userId, 0);
}

/** A row of the tables whose text `text_usage` counts, and its new text. */
export interface TextChange {
  table: typeof clips | typeof roomContent;
  where: SQL | undefined;
  text: string;
}

/**
 * A new clip, room or device-send text, after its insert in the recording transaction (whose bytes are counted,
 * and whose trigger holds the user's text_usage row, so it has its turn): it must fit.
 */
export async function assertNewTextFits(tx: Reader, rule: QuotaRule, userId: string, text: string): Promise<void> {
  if (text.length > 0) await assertWithinQuota(tx, rule, userId, 0);
}

/** Bytes of the files and text on one desktop. */
async function desktopBytesOf(db: Reader, desktopId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: itemBytes.mapWith(Number) })
    .from(desktopItems)
    .where(eq(desktopItems.desktopId, desktopId));
  return row?.bytes ?? 0;
}

/** Bytes of the files and text on every LAN desktop together. */
async function allLanDesktopBytes(db: Reader): Promise<number> {
  const [row] = await db
    .select({ bytes: itemBytes.mapWith(Number) })
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

/** A LAN desktop's file or text of `size` bytes, in the recording transaction; adds to LAN desktops take turns. */
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
