import type { RoomDetail } from '@clipsync/shared';
import type { Database, Transaction } from '../../db/client';
import type { rooms as roomsTable } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { EntitlementGate } from '../../lib/entitlements';
import { createFileLinks, type FileLinks } from '../../lib/file-links';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';
import type { MailQueue } from '../../mail/mail-queue';
import { createAttemptLimiter, type AttemptLimiter } from '../../plugins/attempt-limiter';
import type { FileStore } from '../../storage/file-store';
import type { AppContext } from '../define-module';
import type { ContentPage, RoomLists } from './room-content-list.service';
import type { EncodedRoomLists, SharedContent } from './rooms.presenter';

/**
 * A room detail's parts that are the same for every member asking the same query. `content` is made from
 * the first answer's items (rooms.service getRoom).
 */
export type RoomSharedParts = Omit<RoomLists, 'contentTotal'> & {
  page: ContentPage;
  encoded: EncodedRoomLists;
  content?: SharedContent;
};

export interface RoomsContext {
  db: Database;
  events: DomainEvents;
  files: FileStore;
  /** Room files are for members only: their addresses carry a link signed for the caller and their session. */
  fileLinks: FileLinks;
  /** Whether a session is still live (the authentication's session cache): a room file link ends with its session. */
  isSessionLive: (sessionId: string) => Promise<boolean>;
  limits: { storageQuotaBytes: number };
  /**
   * Rooms are an Advanced feature when billing is on: creating and joining ask the caller's plan, and every
   * change the owner's (room-writable.ts).
   */
  entitlements: EntitlementGate;
  /** Room details as built for a caller and a query, under the room's version (rooms.service getRoom). */
  details: VersionedCache<RoomDetail>;
  /** What those details share whoever asks (members, authors, the page's rows), per query, likewise. */
  sharedParts: VersionedCache<RoomSharedParts>;
  /** Invitations are mailed; their links start with `publicUrl`. */
  mail: MailQueue;
  publicUrl: string;
  /** Invitations per inviting account and per room (shared across nodes through Redis when there is one). */
  invitationLimiter: AttemptLimiter;
}

/** The window of the invitation limit (invitations per hour), and how often expired invitations are swept. */
export const INVITATION_WINDOW_MS = 60 * 60 * 1000;

export type RoomRow = typeof roomsTable.$inferSelect;
export type { Transaction };
/** The database or a transaction on it. */
export type Executor = Database | Transaction;

/**
 * A member reopening a room, paging back and forth or refetching on focus gets the detail it was just sent
 * as long as nothing changed (ARCHITECTURE §8: a 200-member room's detail is ~40 KB built from three
 * queries); 200 members opening it one after another share its queries' answers. 30 s keeps the signed file
 * links inside far from their one-hour expiry.
 */
const DETAIL_CACHE = { maxGroups: 500, maxKeysPerGroup: 20, maxAgeMs: 30_000, maxWeight: CACHED_TEXT_MAX };

/** The area's context, from the app's (tests build the very same one). */
export function createRoomsContext(ctx: AppContext): RoomsContext {
  const rooms: RoomsContext = {
    db: ctx.db,
    events: ctx.events,
    files: ctx.files,
    fileLinks: createFileLinks(ctx.jwtSecret),
    isSessionLive: (sessionId) => ctx.sessions.isActive(sessionId),
    limits: { storageQuotaBytes: ctx.config.storageQuotaBytes },
    entitlements: ctx.entitlements,
    details: new VersionedCache<RoomDetail>({ ...DETAIL_CACHE, weigh: (detail) => textHeldBy(detail.content) }),
    sharedParts: new VersionedCache<RoomSharedParts>({
      ...DETAIL_CACHE,
      weigh: (parts) => textHeldBy(parts.page.rows.map((row) => row.item)),
    }),
    mail: ctx.mail,
    publicUrl: ctx.config.publicUrl,
    invitationLimiter: createAttemptLimiter({
      max: ctx.config.roomInvitationsPerHour,
      windowMs: INVITATION_WINDOW_MS,
      redis: ctx.counterRedis,
    }),
  };
  // The version check already refuses a stale detail; this drops a changed room's details at once.
  for (const event of ['room.changed', 'room.member-gone', 'room.deleted'] as const)
    ctx.events.on(event, ({ roomId }) => {
      rooms.details.forget(roomId);
      rooms.sharedParts.forget(roomId);
    });
  return rooms;
}
