import type { Readable } from 'node:stream';
import {
  DESKTOP_ITEM_DEFAULT_POSITION,
  DESKTOP_ITEM_DEFAULT_SIZE,
  type CreateDesktopTextRequest,
  type Desktop,
  type DesktopItem,
  type DesktopLayoutEntry,
  type DesktopPosition,
  type DesktopSize,
  utf8ByteLength,
} from '@clipsync/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { desktopItems, desktops } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nextVersion } from '../../lib/edit-conflict';
import { authorize } from '../../lib/policy';
import { newId } from '../../lib/secure-tokens';
import { assertDesktopStorageLeft, assertStorageLeft } from '../../lib/storage-quota';
import { storedFileValues } from '../../db/schema/columns';
import { storeUpload, type IncomingUpload } from '../../storage/store-upload';
import {
  desktopFileSigner,
  findItem,
  isShareLive,
  ITEM_NOT_FOUND,
  resolveDesktop,
  shareTagOf,
  type ResolvedDesktop,
} from './desktop-access';
import type { DesktopCaller, DesktopItemRow, DesktopRow, DesktopsContext } from './desktop.context';
import { assertDesktopTakes, assertRoomForAnItem } from './desktop-capacity';
import { toDesktop, toDesktopItem } from './desktop.presenter';
import { desktopPolicy } from './desktop.policy';
import { refuseIfTakenDown } from '../moderation/takedowns.service';

// A desktop and its blocks, whichever way the caller reached it (their own, their network's LAN desktop,
// or by a share link): read it, add, move, lay out and delete blocks, open a block's file.

/** Every block of a desktop, oldest first. */
export async function listItems(ctx: DesktopsContext, desktopId: string): Promise<DesktopItemRow[]> {
  return ctx.db
    .select()
    .from(desktopItems)
    .where(eq(desktopItems.desktopId, desktopId))
    .orderBy(asc(desktopItems.createdAt), asc(desktopItems.id));
}

/** One stored block as every view sees it (a socket's `desktop:item:created` announces this, not its payload). */
export async function findStoredItem(
  ctx: DesktopsContext,
  { desktop }: ResolvedDesktop,
  itemId: string,
): Promise<DesktopItem> {
  return toDesktopItem(await findItem(ctx.db, desktop.id, itemId), desktopFileSigner(ctx, desktop));
}

/** `GET /virtual-desktop` and `GET /virtual-desktop/shared/{token}`: the desktop with every block. */
export async function getDesktop(ctx: DesktopsContext, caller: DesktopCaller, shareToken?: string): Promise<Desktop> {
  const resolved = await resolveDesktop(ctx, caller, shareToken);
  const { desktop, access } = resolved;
  // What differs between callers of one desktop: how they reach it (abilities, notice) and who they are.
  const viewer = `${access.kind}:${caller.actor?.userId ?? ''}`;
  // Its owner is told of a takedown of its share link; the takedown changes no desktop row, so it is part of
  // the version: an answer remembered before a takedown or a restore (on any node) is not answered after it.
  const takedown = access.kind === 'personal' ? resolved.takedown : null;
  const version = `${desktop.shareToken ?? ''}:${desktop.itemsVersion}:${takedown?.takenDownAt ?? ''}`;
  const cached = ctx.answers.get(desktop.id, viewer, version);
  if (cached) return cached;
  const items = await listItems(ctx, desktop.id);
  const answer = toDesktop(resolved, items, caller.actor, desktopFileSigner(ctx, desktop), takedown);
  ctx.answers.set(desktop.id, viewer, version, answer);
  return answer;
}

/**
 * Viewers who joined through a share link stop hearing the desktop once its owner's plan no longer includes
 * sharing: their channel was checked when they joined, and a plan lapses without any event of its own.
 */
async function dropLapsedViewers(ctx: DesktopsContext, desktop: DesktopRow): Promise<void> {
  if (desktop.shareToken && !(await isShareLive(ctx, desktop))) {
    ctx.events.emit('desktop.share-revoked', { desktopId: desktop.id });
  }
}

async function announceAddedItem(ctx: DesktopsContext, desktop: DesktopRow, row: DesktopItemRow): Promise<DesktopItem> {
  const item = toDesktopItem(row, desktopFileSigner(ctx, desktop));
  await dropLapsedViewers(ctx, desktop);
  ctx.events.emit('desktop.item-added', { desktopId: desktop.id, item });
  return item;
}

/** A text block (non-blank), at the given place or by default at 0,0, 200×150 pixels. */
export async function addText(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  { content, position, size, desktopId: shareToken }: CreateDesktopTextRequest,
): Promise<DesktopItem> {
  const { desktop, access } = await resolveDesktop(ctx, caller, shareToken);
  authorize(desktopPolicy, 'addItems', caller.actor, access);
  const [row] = await ctx.db.transaction(async (tx) => {
    await assertDesktopTakes(tx, desktop, ctx.limits, utf8ByteLength(content));
    return tx
      .insert(desktopItems)
      .values({ id: newId(), desktopId: desktop.id, type: 'text', content, ...position, ...size })
      .returning();
  });
  if (!row) throw new AppError('INTERNAL');
  return announceAddedItem(ctx, desktop, row);
}

export interface IncomingDesktopFile extends IncomingUpload {
  position?: Partial<DesktopPosition>;
}

/**
 * A file block: streamed into the store under the 10 MB cap, then recorded if the storage budget still has
 * room — the owner's (shared with their clips and rooms) for a personal desktop, its own for a LAN one.
 */
export async function addFile(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  file: IncomingDesktopFile,
  shareToken?: string,
): Promise<DesktopItem> {
  const { desktop, access } = await resolveDesktop(ctx, caller, shareToken);
  authorize(desktopPolicy, 'addItems', caller.actor, access);
  const quota = ctx.limits.storageQuota;
  const ownerId = desktop.ownerId;
  await assertRoomForAnItem(ctx.db, desktop.id);
  if (ownerId) await assertStorageLeft(ctx.db, quota, ownerId);
  else await assertDesktopStorageLeft(ctx.db, quota.freeBytes, desktop.id, ctx.limits.lanStoredBytes);
  return storeUpload(ctx.files, file, async (stored) => {
    const row = await ctx.db.transaction(async (tx) => {
      await assertDesktopTakes(tx, desktop, ctx.limits, stored.size);
      const [inserted] = await tx
        .insert(desktopItems)
        .values({
          id: newId(),
          desktopId: desktop.id,
          type: 'file',
          x: file.position?.x ?? DESKTOP_ITEM_DEFAULT_POSITION.x,
          y: file.position?.y ?? DESKTOP_ITEM_DEFAULT_POSITION.y,
          ...DESKTOP_ITEM_DEFAULT_SIZE,
          ...storedFileValues(stored),
        })
        .returning();
      if (!inserted) throw new AppError('INTERNAL');
      return inserted;
    });
    return announceAddedItem(ctx, desktop, row);
  });
}

/** Moves and/or resizes one block (`PATCH /virtual-desktop/items/{id}`, and a socket's `desktop:item:updated`). */
export async function moveItem(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  itemId: string,
  layout: { position?: DesktopPosition; size?: DesktopSize },
  shareToken?: string,
): Promise<DesktopItem> {
  const resolved = await resolveDesktop(ctx, caller, shareToken);
  return moveItemOnJoinedDesktop(ctx, caller, resolved, itemId, layout);
}

/**
 * Moves and/or resizes one block of a desktop the caller already reached (a socket that joined its
 * channel): asked again whether they may, not where the desktop is.
 */
export async function moveItemOnJoinedDesktop(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  { desktop, access }: ResolvedDesktop,
  itemId: string,
  { position, size }: { position?: DesktopPosition; size?: DesktopSize },
): Promise<DesktopItem> {
  authorize(desktopPolicy, 'moveItems', caller.actor, access);
  const [row] = await ctx.db
    .update(desktopItems)
    .set({ ...position, ...size, version: nextVersion(desktopItems.version), updatedAt: new Date() })
    .where(and(eq(desktopItems.id, itemId), eq(desktopItems.desktopId, desktop.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  const item = toDesktopItem(row, desktopFileSigner(ctx, desktop));
  await dropLapsedViewers(ctx, desktop);
  ctx.events.emit('desktop.item-changed', { desktopId: desktop.id, item });
  return item;
}

/**
 * A drag's whole result in one call and one statement (`PATCH /virtual-desktop/items`): every listed block
 * of this desktop takes its place; ids of another desktop are refused (404) and nothing moves. A drag that
 * names the versions it started from is re-based, never refused: its blocks take their places over whatever
 * changed since, and blocks it no longer finds (deleted since) are left out: the answer has those that moved.
 */
export async function saveLayout(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  entries: DesktopLayoutEntry[],
  shareToken?: string,
): Promise<DesktopItem[]> {
  const { desktop, access } = await resolveDesktop(ctx, caller, shareToken);
  authorize(desktopPolicy, 'moveItems', caller.actor, access);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const ids = [...byId.keys()];
  const layout = sql.join(
    [...byId.values()].map(
      ({ id, position, size }) =>
        sql`(${id}::text, ${position.x}::int, ${position.y}::int, ${size.width}::int, ${size.height}::int)`,
    ),
    sql`, `,
  );
  const rows = await ctx.db.transaction(async (tx) => {
    // One UPDATE … FROM (VALUES …) for the whole drag; drizzle's update builder takes no VALUES list.
    const moved = await tx.execute(sql`
      update desktop_items
      set x = layout.x, y = layout.y, width = layout.width, height = layout.height,
        version = desktop_items.version + 1, updated_at = now()
      from (values ${layout}) as layout (id, x, y, width, height)
      where desktop_items.id = layout.id and desktop_items.desktop_id = ${desktop.id}
      returning desktop_items.id`);
    const isRebased = entries.every((entry) => entry.version !== undefined);
    if (!isRebased && rowsOf(moved).length !== ids.length) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return tx
      .select()
      .from(desktopItems)
      .where(and(eq(desktopItems.desktopId, desktop.id), inArray(desktopItems.id, ids)));
  });
  const items = rows.map((row) => toDesktopItem(row, desktopFileSigner(ctx, desktop)));
  await dropLapsedViewers(ctx, desktop);
  for (const item of items) ctx.events.emit('desktop.item-changed', { desktopId: desktop.id, item });
  return items;
}

/** Deletes one block of this desktop; a file's bytes go after the commit. */
export async function deleteItem(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  itemId: string,
  shareToken?: string,
): Promise<void> {
  await deleteItemOnJoinedDesktop(ctx, caller, await resolveDesktop(ctx, caller, shareToken), itemId);
}

/**
 * Deletes one block of a desktop the caller already reached (a socket that joined its channel).
 * `whenGone: 'announce'` is for a socket's `desktop:item:deleted`, sent after the HTTP delete that already
 * removed the block: the other views are told it is gone rather than the sender being told it is unknown.
 */
export async function deleteItemOnJoinedDesktop(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  { desktop, access }: ResolvedDesktop,
  itemId: string,
  { whenGone = 'refuse' }: { whenGone?: 'refuse' | 'announce' } = {},
): Promise<void> {
  authorize(desktopPolicy, 'deleteItems', caller.actor, access);
  const [removed] = await ctx.db
    .delete(desktopItems)
    .where(and(eq(desktopItems.id, itemId), eq(desktopItems.desktopId, desktop.id)))
    .returning();
  if (!removed && whenGone === 'refuse') throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  await dropLapsedViewers(ctx, desktop);
  ctx.events.emit('desktop.item-removed', { desktopId: desktop.id, itemId });
  if (removed?.storageKey) await ctx.files.delete(removed.storageKey);
}

/**
 * A desktop file for download or preview. The address's signed link names the desktop it was shown on and
 * its share link then; it works for FILE_LINK_TTL_SECONDS and up to one FILE_LINK_EXPIRY_STEP_SECONDS more,
 * for whoever was shown it (a LAN or shared view has no user to name), as long as the share link it was
 * shown under is still the desktop's: read with the block, so a rotated or revoked one ends its file links
 * at once.
 */
export async function openFile(
  ctx: DesktopsContext,
  itemId: string,
  signedLink?: string,
): Promise<{ file: { name: string; type: string; size: number }; body: Readable }> {
  const claims = signedLink ? ctx.fileLinks.read('desktop', signedLink, itemId) : null;
  if (!claims) throw new AppError('NOT_FOUND', 'File not found');
  const { desktopId, shareTag } = claims.holder;
  const [found] = await ctx.db
    .select({ item: desktopItems, shareToken: desktops.shareToken })
    .from(desktopItems)
    .innerJoin(desktops, eq(desktops.id, desktopItems.desktopId))
    .where(and(eq(desktopItems.id, itemId), eq(desktopItems.desktopId, desktopId)));
  // `-`: shown while the desktop was not shared, so to its owner's devices (or a LAN) only; sharing keeps it.
  if (!found || (shareTag !== '-' && shareTag !== shareTagOf(found.shareToken))) {
    throw new AppError('NOT_FOUND', 'File not found');
  }
  // A link shown under a share link may be in a stranger's hands: a takedown ends it as it ends the shared view.
  if (shareTag !== '-') await refuseIfTakenDown(ctx.db, 'desktop', desktopId);
  const { item } = found;
  if (!item.storageKey || item.fileName === null) throw new AppError('NOT_FOUND', 'File not found');
  const file = { name: item.fileName, type: item.fileType ?? 'application/octet-stream', size: item.fileSize ?? 0 };
  return { file, body: await ctx.files.get(item.storageKey) };
}
