import { DEVICE_SEND_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../../lib/api-route';
import type { DeviceSendsContext } from './device-sends.context';
import * as deviceSendsService from './device-sends.service';

const route = areaRoutes({ tags: ['device-sends'], access: 'signed-in' });
const notFound = { 404: ErrorBody };

/** Sending to the account's devices, and a device's pull of what waits for it (docs/api.md#device-sends). */
export const deviceSendsRoutes: FastifyPluginAsyncZod<{ ctx: DeviceSendsContext }> = async (app, { ctx }) => {
  app.route({
    ...route(DEVICE_SEND_ENDPOINTS.create, { response: { ...notFound, 409: ErrorBody, 413: ErrorBody } }),
    handler: (request) => deviceSendsService.sendToDevices(ctx, request.actor, request.body),
  });

  app.route({
    ...route(DEVICE_SEND_ENDPOINTS.pending, { response: notFound }),
    handler: (request) => deviceSendsService.listPendingSends(ctx, request.actor),
  });

  app.route({
    ...route(DEVICE_SEND_ENDPOINTS.ack, { response: notFound }),
    handler: async (request) => {
      await deviceSendsService.acknowledgeSend(ctx, request.actor, request.params.id);
    },
  });
};
