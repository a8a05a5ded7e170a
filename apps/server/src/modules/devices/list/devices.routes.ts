import { DEVICE_ENDPOINTS, Device, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../../lib/api-route';
import type { DevicesContext } from '../devices.context';
import * as devicesService from './devices.service';

const route = areaRoutes({ tags: ['devices'], access: 'signed-in' });
const notFound = { 404: ErrorBody };

/**
 * The account's devices: for a signed-in browser session only (the entries name no scope, so tokens get 403),
 * but for the list, which a token with `clips:write` reads to find where to send, and a rename (the service
 * refuses a token's receive policy).
 */
export const devicesRoutes: FastifyPluginAsyncZod<{ ctx: DevicesContext }> = async (app, { ctx }) => {
  app.route({
    ...route(DEVICE_ENDPOINTS.list, { response: notFound }),
    handler: (request) => devicesService.listDevices(ctx, request.actor),
  });

  app.route({
    // 201 when this call made the device, 200 when the session had registered already.
    ...route(DEVICE_ENDPOINTS.register, { response: { ...notFound, 200: Device } }),
    handler: async (request, reply) => {
      const { device, isNew } = await devicesService.registerDevice(ctx, request.actor, request.body);
      return reply.code(isNew ? 201 : 200).send(device);
    },
  });

  app.route({
    // 409 DEVICE_NAME_TAKEN: another of the account's devices has the name.
    ...route(DEVICE_ENDPOINTS.update, { response: { ...notFound, 409: ErrorBody } }),
    handler: (request) => devicesService.updateDevice(ctx, request.actor, request.params.id, request.body),
  });

  app.route({
    ...route(DEVICE_ENDPOINTS.remove, { response: notFound }),
    handler: async (request) => {
      await devicesService.removeDevice(ctx, request.actor, request.params.id);
    },
  });
};
