import { ErrorBody, MODERATION_ENDPOINTS, REPORT_ENDPOINTS, REPORTS_PER_ADDRESS_PER_HOUR } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../../lib/api-route';
import { adminRoutes } from '../admin-routes';
import type { ModerationContext } from './reports.context';
import * as moderation from './reports.service';

const publicRoute = areaRoutes({ tags: ['reports'], access: 'public' });
const errors = { response: { 404: ErrorBody, 409: ErrorBody } };
/** A person reports a link or two; more from one address (IPv6: its /64) within the hour is a flood. */
const REPORTS_PER_HOUR = { max: REPORTS_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' };

/** Reporting a link: signed out, no account, limited per address. */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: ModerationContext }> = async (app, { ctx }) => {
  app.route({
    ...publicRoute(REPORT_ENDPOINTS.create, { response: { 404: ErrorBody } }),
    config: { rateLimit: REPORTS_PER_HOUR },
    handler: async (request) => {
      await moderation.reportLink(ctx, request.body);
    },
  });
};

/** The reports queue and its actions: admins only (admin-routes.ts). */
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: ModerationContext }> = async (app, { ctx }) => {
  const route = adminRoutes(ctx.db, ['admin', 'moderation']);

  app.route({
    ...route(MODERATION_ENDPOINTS.list, errors),
    handler: (request) => moderation.listReports(ctx, request.query),
  });

  app.route({
    ...route(MODERATION_ENDPOINTS.content, errors),
    handler: async (request, reply) => {
      // An item's content is shown to this admin, this once: nothing between them keeps it.
      reply.header('cache-control', 'no-store');
      return moderation.openReportedItem(ctx, request.actor, request.params, request.id);
    },
  });

  app.route({
    ...route(MODERATION_ENDPOINTS.takeDown, errors),
    handler: async (request) => {
      await moderation.takeDown(ctx, request.actor, request.params, request.body.reason);
    },
  });

  app.route({
    ...route(MODERATION_ENDPOINTS.restore, errors),
    handler: async (request) => {
      await moderation.restore(ctx, request.actor, request.params);
    },
  });

  app.route({
    ...route(MODERATION_ENDPOINTS.dismiss, errors),
    handler: async (request) => {
      await moderation.dismiss(ctx, request.params);
    },
  });
};
