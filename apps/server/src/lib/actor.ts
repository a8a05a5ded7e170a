import { SELF_SCOPE, type EndpointScope, type TokenScope } from '@clipsync/shared';
import { AppError } from './app-error';

/**
 * Who is calling, for routes, services, policies and sockets alike: a signed-in user with the session
 * their access token belongs to (and when that token expires), or null when signed out.
 */
export interface SignedInActor {
  userId: string;
  sessionId: string;
  /** Unix seconds: the access token's `exp`. */
  expiresAt: number;
  /**
   * Set when the caller came with a personal access token: what the token may do. A browser session has
   * none and may do everything its user may.
   */
  scopes?: readonly TokenScope[];
}
export type Actor = SignedInActor | null;

/** The one "must be signed in" check: 401 for a signed-out caller. */
export function requireSignedIn(actor: Actor): SignedInActor {
  if (!actor) throw new AppError('UNAUTHORIZED');
  return actor;
}

/**
 * The one scope check of personal access tokens, for HTTP calls and socket events alike: a call without a
 * scope is for a signed-in browser only (403 TOKEN_NOT_ALLOWED), a token without the call's scope gets 403
 * INSUFFICIENT_SCOPE naming it, and a call about the token itself (SELF_SCOPE) is every token's. A browser
 * session (no scopes) passes.
 */
export function requireScope(actor: SignedInActor, scope: EndpointScope | undefined): void {
  if (!actor.scopes || scope === SELF_SCOPE) return;
  if (scope === undefined) throw new AppError('TOKEN_NOT_ALLOWED');
  if (!actor.scopes.includes(scope)) {
    throw new AppError('INSUFFICIENT_SCOPE', `This access token lacks the scope this call needs: ${scope}`);
  }
}
