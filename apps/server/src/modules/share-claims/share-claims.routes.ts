import { ErrorBody, SHARE_CLAIM_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../../lib/api-route';
import type { ShareClaimsContext } from './share-claims.context';
import { claimShare, discardShareClaim, getShareClaim } from './share-claims.service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const route = areaRoutes({ tags: ['share-claims'], access: 'public' });

/** A waiting share by its claim link: shown and discarded by whoever holds the link, claimed when signed in. */
export const shareClaimsRoutes: FastifyPluginAsyncZod<{ ctx: ShareClaimsContext }> = async (app, { ctx }) => {
  app.route({
    ...route(SHARE_CLAIM_ENDPOINTS.get, { response: errors }),
    handler: (request) => getShareClaim(ctx, request.params.token),
  });

  app.route({
    ...route(SHARE_CLAIM_ENDPOINTS.discard, { response: errors }),
    handler: async (request) => {
      await discardShareClaim(ctx, request.params.token);
    },
  });

  // Claiming makes a clip of the caller's, so it alone needs a sign-in. 409 CLIPBOARD_SEALED: the caller's
  // clipboard is encrypted end to end, and the share is deleted rather than kept in clear.
  app.route({
    ...route(SHARE_CLAIM_ENDPOINTS.claim, {
      access: 'signed-in',
      response: { ...errors, 409: ErrorBody, 413: ErrorBody },
    }),
    handler: (request) => claimShare(ctx, request.actor, request.params.token),
  });
};
