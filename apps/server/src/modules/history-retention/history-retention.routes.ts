import { HISTORY_RETENTION_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import type { HistoryRetentionContext } from './history-retention.context';
import { getHistoryRetention, updateHistoryRetention } from './history-retention.service';

const route = areaRoutes({ tags: ['account'], access: 'signed-in' });

/** The caller's "Keep my history for" (docs/features.md#history-that-forgets). */
export const historyRetentionRoutes: FastifyPluginAsyncZod<{ ctx: HistoryRetentionContext }> = async (app, { ctx }) => {
  app.route({
    ...route(HISTORY_RETENTION_ENDPOINTS.get),
    handler: (request) => getHistoryRetention(ctx, request.actor),
  });

  app.route({
    ...route(HISTORY_RETENTION_ENDPOINTS.update),
    handler: (request) => updateHistoryRetention(ctx, request.actor, request.body),
  });
};
