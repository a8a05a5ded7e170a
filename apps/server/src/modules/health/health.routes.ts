import { OPS_ENDPOINTS, ReadyResponse } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import type { DatabaseHandle } from '../../db/client';
import type { RedisLink } from '../../realtime/redis-adapter';
import type { FileStore } from '../../storage/file-store';
import { checkReadiness } from './health.service';

export interface HealthDeps {
  database: DatabaseHandle;
  redis: RedisLink | undefined;
  files: FileStore;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  app.route({
    ...routeFrom(OPS_ENDPOINTS.health, { tags: ['health'], summary: 'Liveness' }),
    handler: async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  });

  app.route({
    ...routeFrom(OPS_ENDPOINTS.ready, {
      tags: ['health'],
      summary: 'Readiness: database and Redis reachable',
      response: { 503: ReadyResponse },
    }),
    // Each call reaches the database: a tighter limit than the global one.
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (_request, reply) => {
      const readiness = await checkReadiness(deps);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  });
};
