import { ErrorBody, SHARE_CLAIM_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../lib/api-route';
import { signedInOnly } from '../../plugins/authenticate';
import type { ShareClaimsContext } from './share-claims.context';
import { claimShare, discardShareClaim, getShareClaim } from './share-claims.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['share-claims'];

/** A waiting share by its claim link: shown and discarded by whoever holds the link, claimed when signed in. */
export const shareClaimsRoutes: FastifyPluginAsyncZod<{ ctx: ShareClaimsContext }> = async (app, { ctx }) => {
  app.route({
    ...routeFrom(SHARE_CLAIM_ENDPOINTS.get, { tags, response: errors }),
    handler: (request) => getShareClaim(ctx, request.params.token),
  });

  app.route({
    ...routeFrom(SHARE_CLAIM_ENDPOINTS.discard, { tags, response: errors }),
    handler: async (request, reply) => {
      await discardShareClaim(ctx, request.params.token);
      return reply.code(204).send(null);
    },
  });

  await app.register(claimRoutes, { ctx });
};

/** Claiming makes a clip of the caller's, so it alone needs a sign-in: the one hook, as every such route has. */
const claimRoutes: FastifyPluginAsyncZod<{ ctx: ShareClaimsContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', signedInOnly);

  app.route({
    ...routeFrom(SHARE_CLAIM_ENDPOINTS.claim, {
      tags,
      security: [{ bearer: [] }],
      response: { ...errors, 413: ErrorBody },
    }),
    handler: async (request, reply) => reply.code(201).send(await claimShare(ctx, request.actor, request.params.token)),
  });
};
