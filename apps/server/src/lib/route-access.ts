import type { FastifyRequest } from 'fastify';
import { requireSignedIn } from './actor';

/**
 * Who may call a route, which its OpenAPI `security` says and plugins/authenticate.ts reads: `signed-in`
 * needs a bearer; `sign-in-optional` serves signed-out callers too, and reads the bearer when one is sent
 * (a signed-in owner sees more, a token's scope is checked); `public` ignores a personal access token.
 */
export type RouteAccess = 'signed-in' | 'sign-in-optional' | 'public';

type Security = ReadonlyArray<Readonly<Record<string, readonly string[]>>>;

const SECURITY_OF: Record<RouteAccess, Array<Record<string, string[]>> | undefined> = {
  'signed-in': [{ bearer: [] }],
  'sign-in-optional': [{ bearer: [] }, {}],
  public: undefined,
};

/** The `security` a route of this access declares (none for a public one). */
export const securityOf = (access: RouteAccess) => SECURITY_OF[access];

/** Whether a declared security asks for a bearer at all: a route that declares none is public. */
export const readsBearer = (security: Security | undefined) =>
  security?.some((requirement) => Object.keys(requirement).length > 0) ?? false;

/** Who may call a route by its declared security: a bearer and no empty alternative is a sign-in needed. */
export function accessOf(security: Security | undefined): RouteAccess {
  if (!readsBearer(security)) return 'public';
  return security?.some((requirement) => Object.keys(requirement).length === 0) ? 'sign-in-optional' : 'signed-in';
}

/** preHandler of a signed-in route: 401 before its handler reads the body (routeFrom adds it). */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireSignedIn(request.actor);
}
