import { NEAR_SIGNALS_PER_MINUTE, type Desktop } from '@clipsync/shared';
import type { IncomingMessage } from 'node:http';
import type { Database, Transaction } from '../../db/client';
import type { desktopItems, desktops } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { createNetworkAddressOf } from '../../lib/client-address';
import type { DomainEvents } from '../../lib/domain-events';
import type { EntitlementGate } from '../../lib/entitlements';
import { createFileLinks, type FileLinks } from '../../lib/file-links';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../../app-context';
import { quotaRuleOf, type QuotaRule } from '../../lib/storage-quota';

export interface DesktopsContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
  /** Desktop files are shown to whoever reached the desktop: their addresses carry a link signed for it (desktopFileSigner). */
  fileLinks: FileLinks;
  /** Keys the network fingerprints, so no address is stored and no network's name can be guessed. */
  serverSecret: string;
  /** A request's network address, as sockets get theirs (`DesktopCaller.networkAddress`). */
  networkAddressOf: (request: IncomingMessage) => string | undefined;
  /**
   * `lan:near:*` events per LAN socket per minute, as `near:signal` is limited: each offer makes the other
   * browser open a connection. A socket lives on one node, so this node's count is its count.
   */
  lanNearEventsPerSocket: AttemptLimiter;
  /** Each desktop's storage budget; `lanStoredBytes`: what all LAN desktops may store together. */
  limits: { storageQuota: QuotaRule; lanStoredBytes: number };
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

/** The area's context, from the app's (tests build the very same one). */
export function createDesktopsContext(ctx: AppContext): DesktopsContext {
  const answers = new VersionedCache<Desktop>(ANSWER_CACHE);
  // The version check already refuses a stale answer; this drops a changed desktop's answers at once.
  for (const event of [
    'desktop.item-added',
    'desktop.item-changed',
    'desktop.item-removed',
    'desktop.share-revoked',
  ] as const)
    ctx.events.on(event, ({ desktopId }) => answers.forget(desktopId));
  return {
    db: ctx.db,
    events: ctx.events,
    files: ctx.files,
    fileLinks: createFileLinks(ctx.serverSecret),
    serverSecret: ctx.serverSecret,
    networkAddressOf: createNetworkAddressOf(ctx.config.trustProxy),
    lanNearEventsPerSocket: ctx.attemptLimiter({ max: NEAR_SIGNALS_PER_MINUTE, windowMs: 60_000, isNodeLocal: true }),
    limits: { storageQuota: quotaRuleOf(ctx.config), lanStoredBytes: ctx.config.lan.maxStoredBytes },
    entitlements: ctx.entitlements,
    answers,
  };
}

/**
 * Who calls: a signed-in actor or not, and the address its network is told by (TRUST_PROXY honoured), or
 * undefined when the server cannot tell it apart from strangers (lib/client-address.ts).
 */
export interface DesktopCaller {
  actor: Actor;
  networkAddress: string | undefined;
}

export type DesktopRow = typeof desktops.$inferSelect;
export type DesktopItemRow = typeof desktopItems.$inferSelect;
export type { Transaction };
