import type { Desktop, DesktopChannelPayload } from '@clipsync/shared';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import type { AppContext } from '../define-module';
import { desktopItems, desktops } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { DomainEvents } from '../../lib/domain-events';
import type { EntitlementGate } from '../../lib/entitlements';
import { createFileLinks, type FileLinks } from '../../lib/file-links';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';
import { networkFingerprint, networkKeyOf } from '../../lib/network-key';
import { newId } from '../../lib/secure-tokens';
import type { FileStore } from '../../storage/file-store';
import type { DesktopAccess } from './desktop.policy';

export interface DesktopsContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
  /** Desktop files are shown to whoever reached the desktop: their addresses carry a link signed for it (desktopFileSigner). */
  fileLinks: FileLinks;
  /** Keys the network fingerprints, so no address is stored and no network's name can be guessed. */
  serverSecret: string;
  /** Each desktop's storage budget; `lanStoredBytes`: what all LAN desktops may store together. */
  limits: { storageQuotaBytes: number; lanStoredBytes: number };
  /** Share links are a Pro feature when billing is on. */
  entitlements: EntitlementGate;
  /** Desktops as answered to each kind of viewer, under the blocks' version (desktop.service getDesktop). */
  answers: VersionedCache<Desktop>;
}

/**
 * Reopening or refetching a desktop of 500 blocks (~200 KB) is answered from what was built last, as long
 * as no block changed. 30 s keeps the signed file links inside far from their one-hour expiry.
 */
const ANSWER_CACHE = {
  maxGroups: 1000,
  maxKeysPerGroup: 10,
  maxAgeMs: 30_000,
  weigh: (answer: Desktop) => textHeldBy(answer.items),
  maxWeight: CACHED_TEXT_MAX,
};

/** The module's context, from the app's (tests build the very same one). */
export function createDesktopsContext(app: AppContext): DesktopsContext {
  const answers = new VersionedCache<Desktop>(ANSWER_CACHE);
  // The version check already refuses a stale answer; this drops a changed desktop's answers at once.
  for (const event of [
    'desktop.item-added',
    'desktop.item-changed',
    'desktop.item-removed',
    'desktop.share-revoked',
  ] as const)
    app.events.on(event, ({ desktopId }) => answers.forget(desktopId));
  return {
    db: app.db,
    events: app.events,
    files: app.files,
    fileLinks: createFileLinks(app.jwtSecret),
    serverSecret: app.jwtSecret,
    limits: { storageQuotaBytes: app.config.storageQuotaBytes, lanStoredBytes: app.config.lan.maxStoredBytes },
    entitlements: app.entitlements,
    answers,
  };
}

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
  const holder = [desktop.id, shareTagOf(desktop.shareToken)];
  return (itemId) => ctx.fileLinks.sign('desktop', holder, itemId);
}

/** A share link's mark in file links: not the token itself (a link must not reveal it), `-` when not shared. */
export function shareTagOf(shareToken: string | null): string {
  return shareToken === null ? '-' : createHash('sha256').update(shareToken).digest('base64url').slice(0, 22);
}

/** Who calls: a signed-in actor or not, and from which address (`request.ip`, TRUST_PROXY honoured). */
export interface DesktopCaller {
  actor: Actor;
  address: string;
}

export type DesktopRow = typeof desktops.$inferSelect;
export type DesktopItemRow = typeof desktopItems.$inferSelect;
export type { Transaction };

/** SPEC §2's words on the shared page, for a wrong, rotated or revoked token alike. */
export const DESKTOP_NOT_FOUND = 'Desktop not found or access denied.';
export const ITEM_NOT_FOUND = 'Item not found';

export interface ResolvedDesktop {
  desktop: DesktopRow;
  access: DesktopAccess;
}

/** The caller's network, by name: the same for every device the server groups with it (ARCHITECTURE §6). */
export function networkOf(ctx: DesktopsContext, address: string): string {
  return networkFingerprint(ctx.serverSecret, networkKeyOf(address));
}

/** Every desktop request starts by finding the caller's desktop: prepared (db/prepared.ts). */
const desktopByOwner = preparedPerDatabase((db) =>
  db
    .select()
    .from(desktops)
    .where(eq(desktops.ownerId, sql.placeholder('holder')))
    .prepare('desktop_by_owner'),
);
const desktopByNetwork = preparedPerDatabase((db) =>
  db
    .select()
    .from(desktops)
    .where(eq(desktops.networkKey, sql.placeholder('holder')))
    .prepare('desktop_by_network'),
);

async function findOrCreate(ctx: DesktopsContext, holder: { ownerId: string } | { networkKey: string }) {
  const find = async () => {
    const [row] = await ('ownerId' in holder
      ? desktopByOwner(ctx.db).execute({ holder: holder.ownerId })
      : desktopByNetwork(ctx.db).execute({ holder: holder.networkKey }));
    return row;
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

/** A share token's desktop, or 404 with SPEC's words (also while its owner's plan lacks sharing). */
export async function findSharedDesktop(ctx: DesktopsContext, shareToken: string): Promise<ResolvedDesktop> {
  const [desktop] = await ctx.db.select().from(desktops).where(eq(desktops.shareToken, shareToken));
  if (!desktop || !(await isShareLive(ctx, desktop))) throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
  return { desktop, access: { kind: 'shared', ownerId: desktop.ownerId } };
}

/**
 * Which desktop a call acts on (ARCHITECTURE §4): the share token's when one is given; else the signed-in
 * caller's own, created on first use; else the LAN desktop of the caller's network, likewise.
 */
export async function resolveDesktop(
  ctx: DesktopsContext,
  caller: DesktopCaller,
  shareToken?: string,
): Promise<ResolvedDesktop> {
  if (shareToken !== undefined) return findSharedDesktop(ctx, shareToken);
  if (caller.actor) {
    const desktop = await findOrCreate(ctx, { ownerId: caller.actor.userId });
    return { desktop, access: { kind: 'personal', ownerId: desktop.ownerId } };
  }
  const desktop = await findOrCreate(ctx, { networkKey: networkOf(ctx, caller.address) });
  return { desktop, access: { kind: 'lan', ownerId: null } };
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
 * How this socket may reach a desktop (SPEC §7 `join:desktop:network`; its `networkId` is the desktop's
 * id): its owner's devices, devices on a LAN desktop's network, or with its share token. Anyone else is told
 * it does not exist. Checked again on every write, so a rotated token or a new network ends it.
 */
export async function reachDesktopChannel(
  ctx: DesktopsContext,
  { actor, address }: DesktopCaller,
  { networkId, desktopId }: DesktopChannelPayload,
): Promise<ResolvedDesktop> {
  if (desktopId !== undefined) {
    const shared = await findSharedDesktop(ctx, desktopId);
    if (shared.desktop.id === networkId) return shared;
    throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
  }
  const [desktop] = await ctx.db.select().from(desktops).where(eq(desktops.id, networkId));
  if (desktop?.ownerId && desktop.ownerId === actor?.userId) {
    return { desktop, access: { kind: 'personal', ownerId: desktop.ownerId } };
  }
  if (desktop?.networkKey && desktop.networkKey === networkOf(ctx, address)) {
    return { desktop, access: { kind: 'lan', ownerId: null } };
  }
  throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
}
