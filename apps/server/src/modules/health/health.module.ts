import { defineModule } from '../define-module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness (database, Redis, storage). */
export const healthModule = defineModule((ctx) => ({
  routes: async (api) => {
    await api.register(healthRoutes, { database: ctx.database, redis: ctx.realtime.redis, files: ctx.files });
  },
}));
