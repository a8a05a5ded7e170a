import { defineModule } from '../define-module';
import { acceptInvitationsOnConfirm, sweepExpiredInvitations } from './room-invitations.service';
import { roomContentRoutes } from './room-content.routes';
import { roomBroadcasts } from './rooms.broadcasts';
import { roomFileRoutes } from './room-files.routes';
import { roomLinkPreviewRoutes, roomsRoutes } from './rooms.routes';
import { createRoomsContext, INVITATION_WINDOW_MS } from './rooms.context';
import { registerRoomSocketHandlers } from './rooms.socket';

/** Rooms: members, content and files, the activity log, the invite link, and live updates per room. */
export const roomsModule = defineModule((ctx) => {
  const rooms = createRoomsContext(ctx);
  ctx.events.on('account.confirmed', (account) => acceptInvitationsOnConfirm(rooms, account));
  return {
    routes: async (api) => {
      await api.register(roomLinkPreviewRoutes, { ctx: rooms });
      await api.register(roomsRoutes, { ctx: rooms });
      await api.register(roomContentRoutes, { ctx: rooms });
      await api.register(roomFileRoutes, { ctx: rooms });
    },
    socket: (socket) => registerRoomSocketHandlers(socket, rooms),
    broadcasts: roomBroadcasts(ctx.realtime.io),
    jobs: [{ name: 'room invitation sweep', everyMs: INVITATION_WINDOW_MS, run: () => sweepExpiredInvitations(rooms) }],
  };
});
