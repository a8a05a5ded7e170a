import type { Database, Transaction } from '../../db/client';
import type { roomContent, rooms } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { EntitlementGate } from '../../lib/entitlements';
import { createFileLinks, type FileLinks } from '../../lib/file-links';
import type { MailQueue } from '../../mail/mail-queue';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../../app-context';
import { RoomDetailCache } from './room-detail-cache';
import { quotaRuleOf, type QuotaRule } from '../../lib/storage-quota';

export interface RoomsContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
  /** Room files are for members only: their addresses carry a link signed for the caller and their session. */
  fileLinks: FileLinks;
  /** Whether a session is still live (the authentication's session cache): a room file link ends with its session. */
  isSessionLive: (sessionId: string) => Promise<boolean>;
  limits: { storageQuota: QuotaRule };
  /**
   * Rooms are an Advanced feature when billing is on: creating and joining ask the caller's plan, and every
   * change the owner's (room-writable.ts).
   */
  entitlements: EntitlementGate;
  /** Room details as built for a caller and a query, and what they share, under the room's version. */
  detailCache: RoomDetailCache;
  /** Invitations are mailed; their links start with `linkOriginOf` (lib/link-origin.ts). */
  mail: MailQueue;
  publicUrl: string;
  isPublicUrlSet: boolean;
  /** Invitations per inviting account and per room (shared across nodes through Redis when there is one). */
  invitationLimiter: AttemptLimiter;
  /**
   * Link watches per client address: a signed-out socket's watch answers whether a token works, as the link
   * preview does, so it gets the preview's budget (shared across nodes through Redis when there is one).
   */
  linkWatchLimiter: AttemptLimiter;
}

/** Share-token lookups per client address a minute: plenty for people following links, too few to guess tokens. */
export const JOINS_PER_MINUTE = 30;

/** The window of the invitation limit (invitations per hour), and how often expired invitations are swept. */
export const INVITATION_WINDOW_MS = 60 * 60 * 1000;

export type RoomRow = typeof rooms.$inferSelect;
export type RoomContentRow = typeof roomContent.$inferSelect;
export type { Transaction };
/** The database or a transaction on it. */
export type Executor = Database | Transaction;

/** The area's context, from the app's (tests build the very same one). */
export function createRoomsContext(ctx: AppContext): RoomsContext {
  return {
    db: ctx.db,
    events: ctx.events,
    files: ctx.files,
    fileLinks: createFileLinks(ctx.serverSecret),
    isSessionLive: (sessionId) => ctx.sessions.isActive(sessionId),
    limits: { storageQuota: quotaRuleOf(ctx.config) },
    entitlements: ctx.entitlements,
    detailCache: new RoomDetailCache(ctx.events),
    mail: ctx.mail,
    publicUrl: ctx.config.publicUrl,
    isPublicUrlSet: ctx.config.isPublicUrlSet,
    invitationLimiter: ctx.attemptLimiter({ max: ctx.config.roomInvitationsPerHour, windowMs: INVITATION_WINDOW_MS }),
    linkWatchLimiter: ctx.attemptLimiter({ max: JOINS_PER_MINUTE, windowMs: 60_000 }),
  };
}
