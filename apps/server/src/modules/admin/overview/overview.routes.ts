import { ADMIN_OVERVIEW_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminOverviewContext } from './overview.context';
import { adminRoutes } from '../admin-routes';
import { countsKeptFor, describeInstance } from './overview.service';

/** Each call reads every table's count and asks every node for its sockets: an admin's page, not a poll loop. */
const OVERVIEWS_PER_MINUTE = { max: 60, timeWindow: '1 minute' };

export const overviewRoutes: FastifyPluginAsyncZod<{ ctx: AdminOverviewContext }> = async (app, { ctx }) => {
  const route = adminRoutes(ctx.db, ['admin']);
  const counted = countsKeptFor(ctx.db, ctx.log);
  // Once it serves: a server starting takes no count before it listens, and an app only injected (tests) none.
  app.addHook('onListen', async () => counted.keepWarm());
  app.addHook('onClose', async () => counted.stop());
  app.route({
    ...route(ADMIN_OVERVIEW_ENDPOINTS.overview),
    config: { rateLimit: OVERVIEWS_PER_MINUTE },
    handler: () => describeInstance(ctx, counted),
  });
};
