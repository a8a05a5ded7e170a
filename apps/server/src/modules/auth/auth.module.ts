import { defineModule } from '../define-module';
import { authRoutes } from './auth.routes';

/** Accounts and sessions: register, confirm, login, refresh, logout, me, forgot and reset password. */
export const authModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(authRoutes, {
      prefix: '/auth',
      ctx: {
        db: ctx.db,
        events: ctx.events,
        jwtSecret: ctx.jwtSecret,
        mail: ctx.mail,
        publicUrl: ctx.config.publicUrl,
      },
      counterRedis: ctx.counterRedis,
      attemptsPerIp: ctx.config.authRateLimitPerIp,
    });
  },
}));
