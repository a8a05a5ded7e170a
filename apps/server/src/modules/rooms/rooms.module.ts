import { createFileLinks } from '../../lib/file-links';
import { defineModule } from '../define-module';
import type { RoomsContext } from './room-access';
import { roomContentRoutes } from './room-content.routes';
import { roomFileRoutes } from './room-files.routes';
import { roomsRoutes } from './rooms.routes';
import { registerRoomSocketHandlers } from './rooms.socket';

/** Rooms: members, content and files, the activity log, the invite link, and live updates per room. */
export const roomsModule = defineModule((app) => {
  const ctx: RoomsContext = {
    db: app.db,
    events: app.events,
    files: app.files,
    fileLinks: createFileLinks(app.jwtSecret),
    limits: { storageQuotaBytes: app.config.storageQuotaBytes },
  };
  return {
    routes: async (api) => {
      await api.register(roomsRoutes, { prefix: '/rooms', ctx });
      await api.register(roomContentRoutes, { prefix: '/rooms', ctx });
      await api.register(roomFileRoutes, { prefix: '/rooms', ctx });
    },
    socket: (socket) => registerRoomSocketHandlers(socket, ctx),
  };
});
