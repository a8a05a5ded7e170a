import { settleAdminsAtStart } from '../accounts/admins-at-start';
import { defineModule } from '../define-module';
import { sessionBroadcasts } from './auth.broadcasts';
import { createAuthContext } from './auth.context';
import { authRoutes } from './auth.routes';

/**
 * Accounts and sessions: register, confirm, login, refresh, logout, me, forgot and reset password, who may
 * sign up. Registered once at start, so the admins ADMIN_EMAILS names are settled here, before any request.
 */
export const authModule = defineModule((ctx) => ({
  routes: async (api) => {
    await settleAdminsAtStart(ctx.db, ctx.config.registration, ctx.log);
    await api.register(authRoutes, { ctx: createAuthContext(ctx) });
  },
  broadcasts: sessionBroadcasts(ctx.realtime.io),
}));
