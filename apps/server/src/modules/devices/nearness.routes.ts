import { ErrorBody, NEARNESS_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { signedInOnly } from '../../plugins/authenticate';
import type { NearnessContext } from './nearness.context';
import * as nearnessService from './nearness.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const signedIn = { tags: ['nearness'], security: [{ bearer: [] }], response: errors };

/** A device's key, and the challenge and proof of two devices' nearness (docs/api.md#nearness). */
export const nearnessRoutes: FastifyPluginAsyncZod<{ ctx: NearnessContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.route({
    ...routeFrom(NEARNESS_ENDPOINTS.registerKey, signedIn),
    handler: async (request, reply) => {
      await nearnessService.registerDeviceKey(ctx, request.actor, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeFrom(NEARNESS_ENDPOINTS.createChallenge, { ...signedIn, response: { ...errors, 409: ErrorBody } }),
    handler: async (request, reply) =>
      reply.code(201).send(await nearnessService.createChallenge(ctx, request.actor, request.body)),
  });

  app.route({
    ...routeFrom(NEARNESS_ENDPOINTS.proof, signedIn),
    handler: (request) => nearnessService.proveNearness(ctx, request.actor, request.params.challengeId, request.body),
  });
};
