import { ACCESS_TOKEN_HEADER } from '@clipsync/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signAccessToken, verifyAccessToken } from '../lib/access-token';
import { requireSignedIn, type Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (signed out, or a token that is invalid, expired or revoked). */
    actor: Actor;
  }
}

/** An access token this close to expiry is renewed on the response, in `x-access-token`. */
const RENEW_WITHIN_SECONDS = 10 * 60;

/** Reads `Authorization: Bearer <access token>` on every request; the session is checked so logout is immediate. */
export const authenticate = fp<{
  jwtSecret: string;
  /** Whether a session is still live: passed in, so this plugin knows nothing of the auth module. */
  isSessionActive: (sessionId: string) => Promise<boolean>;
}>(async (app: FastifyInstance, options) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      const claims = await verifyAccessToken(options.jwtSecret, header.slice('Bearer '.length).trim());
      if (await options.isSessionActive(claims.sessionId)) request.actor = claims;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const { actor } = request;
    if (!actor || reply.statusCode >= 400 || actor.expiresAt - Date.now() / 1000 > RENEW_WITHIN_SECONDS) return;
    reply.header(ACCESS_TOKEN_HEADER, await signAccessToken(options.jwtSecret, actor));
  });
});

/** preHandler for routes that need a signed-in caller: 401 before the body is even looked at. */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSignedIn(request.actor);
}
