import { DEVICE_SEND_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { signedInOnly } from '../../plugins/authenticate';
import type { DeviceSendsContext } from './device-sends.context';
import * as deviceSendsService from './device-sends.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const signedIn = { tags: ['device-sends'], security: [{ bearer: [] }], response: errors };

/** Sending to the account's devices, and a device's pull of what waits for it (docs/api.md#device-sends). */
export const deviceSendsRoutes: FastifyPluginAsyncZod<{ ctx: DeviceSendsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.route({
    ...routeFrom(DEVICE_SEND_ENDPOINTS.create, {
      ...signedIn,
      response: { ...errors, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await deviceSendsService.sendToDevices(ctx, request.actor, request.body)),
  });

  app.route({
    ...routeFrom(DEVICE_SEND_ENDPOINTS.pending, signedIn),
    handler: (request) => deviceSendsService.listPendingSends(ctx, request.actor),
  });

  app.route({
    ...routeFrom(DEVICE_SEND_ENDPOINTS.ack, signedIn),
    handler: async (request, reply) => {
      await deviceSendsService.acknowledgeSend(ctx, request.actor, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
