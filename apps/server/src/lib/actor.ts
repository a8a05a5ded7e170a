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
}
export type Actor = SignedInActor | null;

/** The one "must be signed in" check: 401 for a signed-out caller. */
export function requireSignedIn(actor: Actor): SignedInActor {
  if (!actor) throw new AppError('UNAUTHORIZED');
  return actor;
}
