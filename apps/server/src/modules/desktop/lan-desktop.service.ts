import { LAN_DESKTOP_ITEM_TTL_MS, type LanDataResponse } from '@clipsync/shared';
import { and, eq, inArray, isNull, lt, notExists } from 'drizzle-orm';
import { desktopItems, desktops } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { desktopFileSigner, requireNetwork, resolveDesktop } from './desktop-access';
import type { DesktopCaller, DesktopsContext } from './desktop.context';
import { toDesktopItem } from './desktop.presenter';
import { listItems } from './desktop.service';

// The LAN desktop of a network, beyond what every desktop does: what its peers read, and its expiry.

/** A LAN desktop's blocks go 24 h after their last change (the module's job). */
export async function sweepExpiredLanItems(ctx: DesktopsContext, changedBefore: Date): Promise<number> {
  const lanDesktops = ctx.db.select({ id: desktops.id }).from(desktops).where(isNull(desktops.ownerId));
  const removed = await ctx.db
    .delete(desktopItems)
    .where(and(lt(desktopItems.updatedAt, changedBefore), inArray(desktopItems.desktopId, lanDesktops)))
    .returning({ id: desktopItems.id, desktopId: desktopItems.desktopId, storageKey: desktopItems.storageKey });
  for (const { id, desktopId, storageKey } of removed) {
    ctx.events.emit('desktop.item-removed', { desktopId, itemId: id });
    if (storageKey) await ctx.files.delete(storageKey);
  }
  return removed.length;
}

/**
 * A LAN desktop left empty and untouched as long as its blocks would last is removed: any signed-out
 * visit from a new network makes one, so without this their rows would only ever grow. The next visit
 * from that network makes a fresh one.
 */
export async function sweepIdleLanDesktops(ctx: DesktopsContext, changedBefore: Date): Promise<number> {
  const removed = await ctx.db
    .delete(desktops)
    .where(
      and(
        isNull(desktops.ownerId),
        lt(desktops.updatedAt, changedBefore),
        notExists(
          ctx.db.select({ id: desktopItems.id }).from(desktopItems).where(eq(desktopItems.desktopId, desktops.id)),
        ),
      ),
    )
    .returning({ id: desktops.id });
  return removed.length;
}

/**
 * `GET /virtual-desktop/lan-data`: the LAN desktop of the caller's network, for peers. Asking for a
 * desktop that is not this network's answers 403 NOT_LOCAL_NETWORK: peers only ever read their own network's.
 */
export async function getLanData(
  ctx: DesktopsContext,
  { networkAddress }: DesktopCaller,
  desktopId?: string,
): Promise<LanDataResponse> {
  const network = requireNetwork(ctx, networkAddress);
  const resolved = await resolveDesktop(ctx, { actor: null, networkAddress });
  if (desktopId !== undefined && desktopId !== resolved.desktop.id) throw new AppError('NOT_LOCAL_NETWORK');
  const rows = await listItems(ctx, resolved.desktop.id);
  const lastChange = Math.max(resolved.desktop.updatedAt.getTime(), ...rows.map((row) => row.updatedAt.getTime()));
  return {
    desktopId: resolved.desktop.id,
    items: rows.map((row) => toDesktopItem(row, desktopFileSigner(ctx, resolved.desktop))),
    lastUpdated: new Date(lastChange).toISOString(),
    security: {
      networkFingerprint: network,
      scope: 'local-network',
      expiresAt: new Date(lastChange + LAN_DESKTOP_ITEM_TTL_MS).toISOString(),
    },
  };
}
