import { ADMIN_INVITATION_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../../lib/actor';
import { areaRoutes } from '../../../lib/api-route';
import { linkOriginOf } from '../../../lib/link-origin';
import { adminRoutes } from '../admin-routes';
import type { InvitationsContext } from '../../accounts/invitations.context';
import * as invitationsService from '../../accounts/invitations.service';

const api = ADMIN_INVITATION_ENDPOINTS;
const refusals = { response: { 404: ErrorBody, 409: ErrorBody } };
/** A link's token is 256 random bits: this only keeps a script from hammering the lookup. */
const LOOKUPS_PER_MINUTE = { max: 30, timeWindow: '1 minute' };

export const invitationsRoutes: FastifyPluginAsyncZod<{ ctx: InvitationsContext }> = async (app, { ctx }) => {
  const route = adminRoutes(ctx.db, ['admin']);

  app.route({
    ...route(api.list),
    handler: (request) => invitationsService.listInvitations(ctx, request.query),
  });

  app.route({
    ...route(api.create, refusals),
    handler: (request) =>
      invitationsService.createInvitation(
        ctx,
        requireSignedIn(request.actor).userId,
        request.body.email,
        linkOriginOf(request, ctx),
      ),
  });

  app.route({
    ...route(api.revoke, refusals),
    handler: async (request) => {
      await invitationsService.revokeInvitation(ctx, request.params.id);
    },
  });
};

/** The sign-up page's question, signed out: whom a mailed link invites. */
export const invitationLookupRoutes: FastifyPluginAsyncZod<{ ctx: InvitationsContext }> = async (app, { ctx }) => {
  const route = areaRoutes({ tags: ['admin'], access: 'public' });
  app.route({
    ...route(api.lookup, { response: { 404: ErrorBody } }),
    config: { rateLimit: LOOKUPS_PER_MINUTE },
    handler: (request) => invitationsService.lookupInvitation(ctx.db, request.params.token),
  });
};
