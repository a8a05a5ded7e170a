import { HealthResponse, ReadyResponse } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      // Each call reaches the database: a tighter limit than the global one.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database and Redis reachable',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(deps);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
