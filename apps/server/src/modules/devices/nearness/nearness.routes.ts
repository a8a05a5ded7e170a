import { ErrorBody, NEARNESS_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../../lib/api-route';
import type { NearnessContext } from './nearness.context';
import * as nearnessService from './nearness.service';

const route = areaRoutes({ tags: ['nearness'], access: 'signed-in' });
const notFound = { 404: ErrorBody };

/** A device's key, and the challenge and proof of two devices' nearness (docs/api.md#nearness). */
export const nearnessRoutes: FastifyPluginAsyncZod<{ ctx: NearnessContext }> = async (app, { ctx }) => {
  app.route({
    ...route(NEARNESS_ENDPOINTS.registerKey, { response: notFound }),
    handler: async (request) => {
      await nearnessService.registerDeviceKey(ctx, request.actor, request.body);
    },
  });

  app.route({
    ...route(NEARNESS_ENDPOINTS.createChallenge, { response: { ...notFound, 409: ErrorBody } }),
    handler: (request) => nearnessService.createChallenge(ctx, request.actor, request.body),
  });

  app.route({
    ...route(NEARNESS_ENDPOINTS.proof, { response: notFound }),
    handler: (request) => nearnessService.proveNearness(ctx, request.actor, request.params.challengeId, request.body),
  });
};
