import { ErrorBody, WEB_PUSH_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import type { PushContext } from './web-push.context';
import * as pushService from './web-push.service';

const route = areaRoutes({ tags: ['push'], access: 'signed-in' });
const noDevice = { 409: ErrorBody };

/** The calling device's Web Push subscription and preferences (docs/api.md#push-calls). */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: PushContext }> = async (app, { ctx }) => {
  app.route({
    ...route(WEB_PUSH_ENDPOINTS.settings, { response: noDevice }),
    handler: (request) => pushService.getPushSettings(ctx, request.actor),
  });

  app.route({
    ...route(WEB_PUSH_ENDPOINTS.subscribe, { response: { ...noDevice, 404: ErrorBody, 422: ErrorBody } }),
    handler: (request) => pushService.subscribePush(ctx, request.actor, request.body),
  });

  app.route({
    ...route(WEB_PUSH_ENDPOINTS.update, { response: { ...noDevice, 404: ErrorBody } }),
    handler: (request) => pushService.updatePushPreferences(ctx, request.actor, request.body),
  });

  app.route({
    ...route(WEB_PUSH_ENDPOINTS.unsubscribe, { response: noDevice }),
    handler: async (request) => {
      await pushService.unsubscribePush(ctx, request.actor);
    },
  });
};
