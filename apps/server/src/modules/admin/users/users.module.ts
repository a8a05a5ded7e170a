import { defineModule } from '../../define-module';
import { usersDirectoryRoutes } from './users-directory.routes';
import { createUserLastSeen } from './users-last-seen';

/**
 * The admin console's users directory, and the account's last seen it sorts by (written from every
 * authenticated call, a few times an hour at most).
 */
export const adminUsersModule = defineModule((ctx) => {
  const noteUserSeen = createUserLastSeen(ctx.db, ctx.log);
  ctx.events.on('session.used', ({ userId }) => noteUserSeen(userId));
  return {
    routes: async (api) => {
      await api.register(usersDirectoryRoutes, { db: ctx.db, paymentsEnabled: ctx.config.billing !== undefined });
    },
  };
});
