import { ACCESS_TOKEN_HEADER, PERSONAL_TOKEN_PREFIX } from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { signAccessToken, verifyAccessToken } from '../lib/access-token';
import { requireScope, type Actor, type SignedInActor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import { scopeOfRoute } from '../lib/endpoint-scopes';
import { readsBearer } from '../lib/route-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (signed out, or a token that is invalid, expired or revoked). */
    actor: Actor;
  }
}

/** An access token this close to expiry is renewed on the response, in `x-access-token`. */
const RENEW_WITHIN_SECONDS = 10 * 60;

/**
 * Reads `Authorization: Bearer <token>` on every request, never a token in the URL: a session's access
 * token, whose session is checked so logout is immediate, or a personal access token (`csp_…`), which
 * may call only the routes whose entry in the shared endpoint table names one of its scopes; a route that
 * declares no bearer in its schema's `security` is public, and ignores a token as it ignores no header.
 */
export const authenticate = fp<{
  jwtSecret: string;
  /** Whether a session is still live: passed in, so this plugin knows nothing of the auth module. */
  isSessionActive: (sessionId: string) => Promise<boolean>;
  /** The caller behind a personal access token, or null: passed in likewise (modules/tokens/token-auth.ts). */
  authenticatePersonalToken: (token: string, userAgent: string | undefined) => Promise<SignedInActor | null>;
  /** Told of every call a signed-in caller makes, once it is known to be signed in; must not wait or throw. */
  onSignedIn?: (actor: SignedInActor) => void;
}>(async (app: FastifyInstance, options) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const presented = header.slice('Bearer '.length).trim();
    if (presented.startsWith(PERSONAL_TOKEN_PREFIX)) {
      // A public route (its schema declares no bearer, as its OpenAPI operation says) answers a token's
      // caller as it answers anyone signed out: never a refusal for a credential it does not need.
      if (!readsBearer(request.routeOptions.schema?.security)) return;
      const actor = await options.authenticatePersonalToken(presented, request.headers['user-agent']);
      // An unmatched URL has no entry to take a scope from; it answers 404 as it would signed out.
      if (!actor || request.routeOptions.url === undefined) return;
      requireScope(actor, scopeOfRoute(request.method, request.routeOptions.url));
      request.actor = actor;
      options.onSignedIn?.(actor);
      return;
    }
    try {
      const claims = await verifyAccessToken(options.jwtSecret, presented);
      if (await options.isSessionActive(claims.sessionId)) {
        request.actor = claims;
        options.onSignedIn?.(claims);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const { actor } = request;
    // A personal token is never swapped for a session's token, which could do everything its user may.
    if (!actor || actor.scopes || reply.statusCode >= 400 || actor.expiresAt - Date.now() / 1000 > RENEW_WITHIN_SECONDS)
      return;
    reply.header(ACCESS_TOKEN_HEADER, await signAccessToken(options.jwtSecret, actor));
  });
});
