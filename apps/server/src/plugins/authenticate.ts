import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { ACCESS_TOKEN_HEADER } from '@clipsync/shared';
import { signAccessToken, verifyAccessToken, type VerifiedAccessClaims } from '../modules/auth/access-token';
import { isSessionActive } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (signed out, or a token that is invalid, expired or revoked). */
    actor: VerifiedAccessClaims | null;
  }
}

/** An access token this close to expiry is renewed on the response (`x-access-token`, SPEC §4). */
const RENEW_WITHIN_SECONDS = 10 * 60;

/** Reads `Authorization: Bearer <access token>` on every request; the session is checked so logout is immediate. */
export const authenticate = fp<{ db: Database; jwtSecret: string }>(async (app: FastifyInstance, options) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      const claims = await verifyAccessToken(options.jwtSecret, header.slice('Bearer '.length).trim());
      if (await isSessionActive(options.db, claims.sessionId)) request.actor = claims;
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

/** preHandler for routes that need a signed-in caller. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.actor) throw new AppError('UNAUTHORIZED');
}

export function actorOf(request: FastifyRequest): VerifiedAccessClaims {
  if (!request.actor) throw new AppError('UNAUTHORIZED');
  return request.actor;
}
