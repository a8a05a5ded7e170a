import { defineModule } from '../define-module';
import { outboxRoutes } from './outbox.routes';

/** Development conveniences: never in production, and for callers on this machine only. */
export const devModule = defineModule((ctx) => ({
  routes:
    ctx.config.env === 'production'
      ? undefined
      : async (api) => {
          await api.register(outboxRoutes, { prefix: '/dev', mailer: ctx.mailer });
        },
}));
