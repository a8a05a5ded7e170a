import type { RouteAccess } from './route-access';

/** Methods whose body Fastify parses: each may be sent a body too large, malformed, or of a type not taken. */
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What decides the error answers a route gives before its own rules run. */
export interface RouteTraits {
  methods: readonly string[];
  /** Whether it declares params, a query, a body or headers, which a request may fail. */
  validatesInput: boolean;
  access: RouteAccess;
}

const takesBody = (route: RouteTraits) => route.methods.some((method) => BODY_METHODS.has(method));

/**
 * The answers that follow from what a route takes and who may call it: a request it can not take (400, where
 * it takes any input), a missing or refused bearer (401) where a sign-in is needed, and a token's scope or a
 * policy (403) wherever a bearer is read. Both the route's schema and its OpenAPI operation take them from
 * here, so that the two can not disagree.
 */
function answersOfKind(route: RouteTraits): number[] {
  const statuses = takesBody(route) || route.validatesInput ? [400] : [];
  if (route.access === 'signed-in') statuses.push(401);
  if (route.access !== 'public') statuses.push(403);
  return statuses;
}

/** The error answers of a route's schema (routeFrom): those of its kind, the per-address limit (429), a fault (500). */
export const schemaErrorStatuses = (route: RouteTraits): number[] => [...answersOfKind(route), 429, 500];

/**
 * What any request may be answered, whatever its route and its rules: a request
 * that is not well-formed HTTP or whose `%` escapes are broken (400 `MALFORMED_REQUEST`), one that took too long
 * to arrive (408), a name the server does not answer to (421, plugins/request-origin-checks.ts), a request
 * line and headers over 16 KB (431), a fault (500), and the database out of reach or the server closing (503).
 */
const ANY_REQUEST = [400, 408, 421, 431, 500, 503];

/** A route's traits and its URL (Fastify's, `:name` parameters), which its OpenAPI operation is listed under. */
export interface DocumentedRoute extends RouteTraits {
  url: string;
}

/**
 * The error answers its OpenAPI operation lists beside the route's own: those of any request (ANY_REQUEST),
 * those of its kind, a write from another site's page (403), a body too large or of a type not taken (413,
 * 415), a path parameter over the router's bound (414, `URI_TOO_LONG`) and the global per-address limit (429)
 * unless the route is outside it (`config.rateLimit: false`). Every operation is given them here, none by hand.
 */
export function documentedErrorStatuses(route: DocumentedRoute, rateLimit: unknown): number[] {
  const statuses = new Set([...answersOfKind(route), ...ANY_REQUEST]);
  if (takesBody(route)) [403, 413, 415].forEach((status) => statuses.add(status));
  if (route.url.includes('/:')) statuses.add(414);
  if (rateLimit !== false) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}
