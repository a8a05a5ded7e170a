import { ADMIN_OVERVIEW_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminOverviewContext } from '../overview/overview.context';
import { adminRoutes } from '../admin-routes';
import { readAdminSettings, updateAdminSettings } from '../../accounts/settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AdminOverviewContext }> = async (app, { ctx }) => {
  const route = adminRoutes(ctx.db, ['admin']);
  const environment = { registration: ctx.config.registration, clipRetentionDays: ctx.config.clipRetentionDays };
  app.route({
    ...route(ADMIN_OVERVIEW_ENDPOINTS.settings),
    handler: () => readAdminSettings(ctx.db, environment),
  });
  app.route({
    ...route(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { response: { 409: ErrorBody } }),
    handler: (request) => updateAdminSettings(ctx.db, environment, request.actor, request.body),
  });
};
