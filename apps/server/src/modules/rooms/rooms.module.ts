import type { RoomDetail } from '@clipsync/shared';
import { createFileLinks } from '../../lib/file-links';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';
import { createAttemptLimiter } from '../../plugins/attempt-limiter';
import { defineModule } from '../define-module';
import type { RoomSharedParts, RoomsContext } from './room-access';
import { acceptInvitationsOnConfirm, INVITATION_WINDOW_MS, sweepExpiredInvitations } from './room-invitations.service';
import { roomContentRoutes } from './room-content.routes';
import { roomFileRoutes } from './room-files.routes';
import { roomsRoutes } from './rooms.routes';
import { registerRoomSocketHandlers } from './rooms.socket';

/**
 * A member reopening a room, paging back and forth or refetching on focus gets the detail it was just sent
 * as long as nothing changed (ARCHITECTURE §8: a 200-member room's detail is ~40 KB built from three
 * queries); 200 members opening it one after another share its queries' answers. 30 s keeps the signed file
 * links inside far from their one-hour expiry.
 */
const DETAIL_CACHE = { maxGroups: 500, maxKeysPerGroup: 20, maxAgeMs: 30_000, maxWeight: CACHED_TEXT_MAX };

/** Rooms: members, content and files, the activity log, the invite link, and live updates per room. */
export const roomsModule = defineModule((app) => {
  const ctx: RoomsContext = {
    db: app.db,
    events: app.events,
    files: app.files,
    fileLinks: createFileLinks(app.jwtSecret),
    isSessionLive: (sessionId) => app.sessions.isActive(sessionId),
    limits: { storageQuotaBytes: app.config.storageQuotaBytes },
    entitlements: app.entitlements,
    details: new VersionedCache<RoomDetail>({ ...DETAIL_CACHE, weigh: (detail) => textHeldBy(detail.content) }),
    sharedParts: new VersionedCache<RoomSharedParts>({
      ...DETAIL_CACHE,
      weigh: (parts) => textHeldBy(parts.page.rows.map((row) => row.item)),
    }),
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    invitationLimiter: createAttemptLimiter({
      max: app.config.roomInvitationsPerHour,
      windowMs: INVITATION_WINDOW_MS,
      redis: app.counterRedis,
    }),
  };
  app.events.on('account.confirmed', (account) => acceptInvitationsOnConfirm(ctx, account));
  // The version check already refuses a stale detail; this drops a changed room's details at once.
  for (const event of ['room.changed', 'room.member-gone', 'room.deleted'] as const)
    app.events.on(event, ({ roomId }) => {
      ctx.details.forget(roomId);
      ctx.sharedParts.forget(roomId);
    });
  return {
    routes: async (api) => {
      await api.register(roomsRoutes, { prefix: '/rooms', ctx });
      await api.register(roomContentRoutes, { prefix: '/rooms', ctx });
      await api.register(roomFileRoutes, { prefix: '/rooms', ctx });
    },
    socket: (socket) => registerRoomSocketHandlers(socket, ctx),
    jobs: [{ name: 'room invitation sweep', everyMs: INVITATION_WINDOW_MS, run: () => sweepExpiredInvitations(ctx) }],
  };
});
