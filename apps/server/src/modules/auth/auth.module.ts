import { defineModule } from '../define-module';
import { createAuthContext } from './auth.context';
import { authRoutes } from './auth.routes';

/** Accounts and sessions: register, confirm, login, refresh, logout, me, forgot and reset password. */
export const authModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(authRoutes, { ctx: createAuthContext(ctx) });
  },
}));
