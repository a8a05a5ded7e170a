import { DESKTOP_ITEMS_MAX } from '@clipsync/shared';
import { count, eq } from 'drizzle-orm';
import { desktopItems, desktops } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertDesktopStorageFits, assertStorageFits } from '../../lib/storage-quota';
import type { DesktopRow, DesktopsContext, Transaction } from './desktop.context';

/** A desktop holds at most DESKTOP_ITEMS_MAX blocks: a full one refuses more (409) rather than slow down. */
export async function assertRoomForAnItem(db: DesktopsContext['db'] | Transaction, desktopId: string): Promise<void> {
  const [row] = await db.select({ items: count() }).from(desktopItems).where(eq(desktopItems.desktopId, desktopId));
  if ((row?.items ?? 0) >= DESKTOP_ITEMS_MAX) {
    throw new AppError('CONFLICT', `A desktop holds at most ${DESKTOP_ITEMS_MAX} items. Delete some to add more.`);
  }
}

/**
 * In the transaction that adds a block of `bytes` (a file's or a text's): the desktop's row is locked first,
 * so adds to one desktop take turns and parallel ones cannot together pass the item cap; then the block
 * must fit the storage quota, its owner's (shared with their clips and rooms) or a LAN desktop's own (and
 * what all LAN desktops may store together).
 */
export async function assertDesktopTakes(
  tx: Transaction,
  desktop: DesktopRow,
  limits: DesktopsContext['limits'],
  bytes: number,
): Promise<void> {
  await tx.select({ id: desktops.id }).from(desktops).where(eq(desktops.id, desktop.id)).for('no key update');
  await assertRoomForAnItem(tx, desktop.id);
  const quota = limits.storageQuota;
  if (desktop.ownerId) await assertStorageFits(tx, quota, desktop.ownerId, bytes);
  // A LAN desktop has no plan: the free quota.
  else await assertDesktopStorageFits(tx, quota.freeBytes, desktop.id, bytes, limits.lanStoredBytes);
}
