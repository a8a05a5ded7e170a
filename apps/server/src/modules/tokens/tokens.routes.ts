import { ErrorBody, TOKEN_CREATIONS_PER_MINUTE, TOKEN_ENDPOINTS } from '@clipsync/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitKeyOf } from '../../lib/address-limit-key';
import { areaRoutes } from '../../lib/api-route';
import type { TokensContext } from './tokens.context';
import * as tokensService from './tokens.service';

const route = areaRoutes({ tags: ['tokens'], access: 'signed-in' });
const signedIn = { response: { 404: ErrorBody, 409: ErrorBody } };

/** Counted per account, after sign-in is checked: creating tokens in a loop is not something a person does. */
const CREATIONS_PER_MINUTE = {
  max: TOKEN_CREATIONS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `token-create:${request.actor?.userId ?? limitKeyOf(request.ip)}`,
} as const;

/** Personal access tokens: for a signed-in browser session only (the entries name no scope, so tokens are refused). */
export const tokensRoutes: FastifyPluginAsyncZod<{ ctx: TokensContext }> = async (app, { ctx }) => {
  app.route({
    ...route(TOKEN_ENDPOINTS.list, signedIn),
    handler: (request) => tokensService.listTokens(ctx, request.actor),
  });

  app.route({
    ...route(TOKEN_ENDPOINTS.create, signedIn),
    config: { rateLimit: CREATIONS_PER_MINUTE },
    handler: async (request, reply) => {
      const created = await tokensService.createToken(ctx, request.actor, request.body);
      // The token is in this answer only: no cache, no proxy, may keep it.
      reply.header('cache-control', 'no-store');
      return created;
    },
  });

  app.route({
    ...route(TOKEN_ENDPOINTS.revoke, signedIn),
    handler: async (request) => {
      await tokensService.revokeToken(ctx, request.actor, request.params.id);
    },
  });
};

/**
 * The calling token about itself (SELF_SCOPE: every token, whatever its scopes): who it is, and ending it.
 * Beside, not inside, the routes above, whose entries refuse tokens.
 */
export const currentTokenRoutes: FastifyPluginAsyncZod<{ ctx: TokensContext }> = async (app, { ctx }) => {
  app.route({
    ...route(TOKEN_ENDPOINTS.current, signedIn),
    handler: (request) => tokensService.describeCurrentToken(ctx, request.actor),
  });

  app.route({
    ...route(TOKEN_ENDPOINTS.revokeCurrent, signedIn),
    handler: async (request) => {
      await tokensService.revokeCurrentToken(ctx, request.actor);
    },
  });
};
