import type { DesktopChannelPayload, Takedown } from '@clipsync/shared';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { desktopItems, desktops, takedowns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { networkFingerprint, networkKeyOf } from '../../lib/network-key';
import { newId } from '../../lib/secure-tokens';
import type { DesktopCaller, DesktopRow, DesktopsContext } from './desktop.context';
import type { DesktopAccess } from './desktop.policy';
import { refuseIfTakenDown, takedownInForceOn } from '../moderation/takedowns.service';

/**
 * Signs a desktop's file links. Every view of a desktop is sent the same blocks (live updates go to all of
 * them), so a link names the desktop and its share link as it is now: rotating or revoking the share link
 * ends every file link shown while it was the one (openFile checks), and the owner's views fetch anew.
 */
export type DesktopFileSigner = (itemId: string) => string;
export function desktopFileSigner(
  ctx: Pick<DesktopsContext, 'fileLinks'>,
  desktop: Pick<DesktopRow, 'id' | 'shareToken'>,
): DesktopFileSigner {
  const holder = { desktopId: desktop.id, shareTag: shareTagOf(desktop.shareToken) };
  return (itemId) => ctx.fileLinks.sign('desktop', holder, itemId);
}

/** A share link's mark in file links: not the token itself (a link must not reveal it), `-` when not shared. */
export function shareTagOf(shareToken: string | null): string {
  return shareToken === null ? '-' : createHash('sha256').update(shareToken).digest('base64url').slice(0, 22);
}

/** What the shared page says when it cannot load, for a wrong, rotated or revoked token alike. */
export const DESKTOP_NOT_FOUND = 'Desktop not found or access denied.';
export const ITEM_NOT_FOUND = 'Item not found';

export interface ResolvedDesktop {
  desktop: DesktopRow;
  access: DesktopAccess;
}

/**
 * A desktop as `resolveDesktop` finds it, with the operator's takedown in force when there is one: its owner
 * is shown why, and a takedown or a restore changes no desktop row, so a remembered answer is checked
 * against it too. Read in the same query as the desktop: every owner read needs it, cache hits included.
 */
export interface FoundDesktop extends ResolvedDesktop {
  takedown: Takedown | null;
}

/**
 * The caller's network, by name: the same for every device the server groups with it (lib/network-key.ts);
 * undefined for a caller grouped with no one (behind a proxy TRUST_PROXY does not name).
 */
export function networkOf(ctx: DesktopsContext, networkAddress: string | undefined): string | undefined {
  return networkAddress === undefined ? undefined : networkFingerprint(ctx.serverSecret, networkKeyOf(networkAddress));
}

/** Why a caller grouped with no one has no peers and no network desktop: said to the user, with what to do. */
export const NO_NETWORK_MESSAGE =
  'This server cannot tell which network you are on (a proxy between you and it does not pass your address in a way it trusts): it groups you with no other device and keeps no network desktop for you. Sign in to use your own desktop.';

/** The caller's network, or 403 NOT_LOCAL_NETWORK saying why for a caller grouped with no one. */
export function requireNetwork(ctx: DesktopsContext, networkAddress: string | undefined): string {
  const network = networkOf(ctx, networkAddress);
  if (network === undefined) throw new AppError('NOT_LOCAL_NETWORK', NO_NETWORK_MESSAGE);
  return network;
}

/**
 * Every desktop request starts by finding the caller's desktop: prepared (db/prepared.ts). At most one
 * takedown is in force per item (its partial unique index), so its join adds no row.
 */
const desktopByHolder = (db: Database, holder: typeof desktops.ownerId | typeof desktops.networkKey, name: string) =>
  db
    .select({ desktop: desktops, takedownReason: takedowns.reason, takenDownAt: takedowns.takenDownAt })
    .from(desktops)
    .leftJoin(takedowns, takedownInForceOn('desktop', desktops.id))
    .where(eq(holder, sql.placeholder('holder')))
    .prepare(name);
const desktopByOwner = preparedPerDatabase((db) => desktopByHolder(db, desktops.ownerId, 'desktop_by_owner'));
const desktopByNetwork = preparedPerDatabase((db) => desktopByHolder(db, desktops.networkKey, 'desktop_by_network'));

type HolderRow = { desktop: DesktopRow; takedownReason: string | null; takenDownAt: Date | null };
const takedownIn = ({ takedownReason, takenDownAt }: HolderRow): Takedown | null =>
  takenDownAt && takedownReason !== null ? { reason: takedownReason, takenDownAt: takenDownAt.toISOString() } : null;

async function findOrCreate(
  ctx: DesktopsContext,
  holder: { ownerId: string } | { networkKey: string },
): Promise<{ desktop: DesktopRow; takedown: Takedown | null }> {
  const find = async () => {
    const [row] = await ('ownerId' in holder
      ? desktopByOwner(ctx.db).execute({ holder: holder.ownerId })
      : desktopByNetwork(ctx.db).execute({ holder: holder.networkKey }));
    return row && { desktop: row.desktop, takedown: takedownIn(row) };
  };
  const existing = await find();
  if (existing) return existing;
  const target = 'ownerId' in holder ? desktops.ownerId : desktops.networkKey;
  await ctx.db
    .insert(desktops)
    .values({ id: newId(), ...holder })
    .onConflictDoNothing({ target });
  // Two first calls at once: one insert wins and both read the winner.
  const created = await find();
  if (!created) throw new AppError('INTERNAL');
  return created;
}

/**
 * A share link lives on its owner's plan, asked on every use (reads, writes, the socket's channel): made
 * during a trial, it must not outlive it. While the owner's plan lacks sharing the link is as unknown as a
 * made-up one; nothing is revoked, so it works again once they are entitled.
 */
export async function isShareLive(ctx: DesktopsContext, desktop: Pick<DesktopRow, 'ownerId'>): Promise<boolean> {
  return desktop.ownerId === null || ctx.entitlements.allows(desktop.ownerId, 'sharing');
}

/** A share token's desktop, or 404 with the shared page's words (also while its owner's plan lacks sharing). */
export async function findSharedDesktop(ctx: DesktopsContext, shareToken: string): Promise<ResolvedDesktop> {
  const [desktop] = await ctx.db.select().from(desktops).where(eq(desktops.shareToken, shareToken));
  if (!desktop || !(await isShareLive(ctx, desktop))) throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
  await refuseIfTakenDown(ctx.db, 'desktop', desktop.id);
  return { desktop, access: { kind: 'shared', ownerId: desktop.ownerId } };
}

/**
 * Which desktop a call acts on: the share token's when one is given; else the signed-in
 * caller's own, created on first use; else the LAN desktop of the caller's network, likewise.
 */
export async function resolveDesktop(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  shareToken?: string,
): Promise<FoundDesktop> {
  // A shared desktop taken down is refused before this: no takedown is in force on one found.
  if (shareToken !== undefined) return { ...(await findSharedDesktop(ctx, shareToken)), takedown: null };
  if (caller.actor) {
    const { desktop, takedown } = await findOrCreate(ctx, { ownerId: caller.actor.userId });
    return { desktop, access: { kind: 'personal', ownerId: desktop.ownerId }, takedown };
  }
  const { desktop, takedown } = await findOrCreate(ctx, { networkKey: requireNetwork(ctx, caller.networkAddress) });
  return { desktop, access: { kind: 'lan', ownerId: null }, takedown };
}

/** One block of this desktop, or 404: an id from another desktop is as unknown as a made-up one. */
export async function findItem(db: Database | Transaction, desktopId: string, itemId: string) {
  const [item] = await db
    .select()
    .from(desktopItems)
    .where(and(eq(desktopItems.id, itemId), eq(desktopItems.desktopId, desktopId)));
  if (!item) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  return item;
}

/**
 * How this socket may reach a desktop (`join:desktop:network`, whose `networkId` is the desktop's id and `desktopId`
 * a share token, in SPEC's words): its owner's
 * devices, devices on a LAN desktop's network, or with its share token. Anyone else is told it does not exist. Checked
 * again on every write, so a rotated token or a new network ends it.
 */
export async function reachDesktopChannel(
  ctx: DesktopsContext,
  { actor, networkAddress }: DesktopCaller,
  { networkId: desktopId, desktopId: shareToken }: DesktopChannelPayload,
): Promise<ResolvedDesktop> {
  if (shareToken !== undefined) {
    const shared = await findSharedDesktop(ctx, shareToken);
    if (shared.desktop.id === desktopId) return shared;
    throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
  }
  const [desktop] = await ctx.db.select().from(desktops).where(eq(desktops.id, desktopId));
  if (desktop?.ownerId && desktop.ownerId === actor?.userId) {
    return { desktop, access: { kind: 'personal', ownerId: desktop.ownerId } };
  }
  if (desktop?.networkKey && desktop.networkKey === networkOf(ctx, networkAddress)) {
    return { desktop, access: { kind: 'lan', ownerId: null } };
  }
  throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
}
