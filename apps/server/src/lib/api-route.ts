import { ErrorBody, type ApiEndpoint, type HttpMethod } from '@clipsync/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { schemaErrorStatuses } from './common-answers';
import { securityOf, signedInOnly, type RouteAccess } from './route-access';

/**
 * A shared table entry as one server route may vary it: the same path by several methods (a multipart
 * `POST` beside the raw-body `PUT`), or a looser schema than the web app's (`.partial()`); never another path.
 */
export interface ServerEndpoint extends Omit<ApiEndpoint, 'method'> {
  method: HttpMethod | HttpMethod[];
}

export type { RouteAccess } from './route-access';

/** What every route of an area shares, declared once by its routes file (`areaRoutes`). */
export interface AreaDeclaration {
  tags: string[];
  access: RouteAccess;
}

/** What a route adds to its entry's schemas: the OpenAPI words and its own error answers. */
export interface RouteSchemaExtras {
  tags?: string[];
  summary?: string;
  /** Public unless said (a route of an area declared by `areaRoutes` takes the area's). */
  access?: RouteAccess;
  consumes?: string[];
  headers?: z.ZodType;
  /** The answers of the route's own rules (a 404, a 409); the kit adds those every route may give. */
  response?: Record<number, z.ZodType>;
  /** A file download that answers a `Range` with 206 (documented beside the whole file's 200). */
  ranges?: boolean;
  /** A multipart upload's fields beside `file`, for the document (the route parses them itself). */
  uploadFields?: z.ZodObject;
  /**
   * A person's browser navigation (SSO's start and callback): input the route can not take reaches the
   * handler as `request.validationError`, which sends the browser to a page; no 400 is answered or listed.
   */
  handlesBadInput?: boolean;
}

type ErrorAnswers<Status extends number> = { [S in Status]: typeof ErrorBody };
/**
 * The answers any route may give, whatever its own rules: a request it can not take (400, where it takes
 * any input), the per-address limit every route is under (429), a fault (500); a missing or refused bearer
 * (401) where a sign-in is needed, and a token's scope or a policy (403) wherever a bearer is read.
 */
type CommonErrors<Access> = ErrorAnswers<400 | 429 | 500> &
  (Access extends 'signed-in'
    ? ErrorAnswers<401 | 403>
    : Access extends 'sign-in-optional'
      ? ErrorAnswers<403>
      : unknown);

function commonErrorsOf(endpoint: ServerEndpoint, extras: RouteSchemaExtras, access: RouteAccess) {
  const statuses = schemaErrorStatuses({
    methods: [endpoint.method].flat(),
    validatesInput:
      !extras.handlesBadInput && Boolean(endpoint.params ?? endpoint.query ?? endpoint.body ?? extras.headers),
    access,
  });
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

type StatusOf<E> = E extends { status: infer Status extends number } ? Status : 200;
type SuccessOf<E> = E extends { response: infer Schema extends z.ZodType }
  ? { [Status in StatusOf<E>]: Schema }
  : E extends { response: null }
    ? { [Status in StatusOf<E>]: z.ZodNull }
    : unknown;
type Field<E, Key extends string, As extends string> = E extends { [K in Key]: infer Schema extends z.ZodType }
  ? { [K in As]: Schema }
  : unknown;

type AccessOf<Extras> = Extras extends { access: infer Access extends RouteAccess } ? Access : 'public';

type RouteSchema<E extends ServerEndpoint, Extras extends RouteSchemaExtras> = Omit<
  Extras,
  'response' | 'ranges' | 'uploadFields' | 'access'
> & { security?: Array<Record<string, string[]>> } & Field<E, 'params', 'params'> &
  Field<E, 'query', 'querystring'> &
  Field<E, 'body', 'body'> & {
    response: SuccessOf<E> &
      (Extras extends { response: infer Own extends object }
        ? Omit<CommonErrors<AccessOf<Extras>>, keyof Own> & Own
        : CommonErrors<AccessOf<Extras>>);
  };

/** Sets the entry's success status before the handler runs, so a handler only says another one. */
const answering = (status: number) => async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.code(status);
};

/**
 * Fastify's route options for a table entry: its method, its path under `/api`, its schemas (the success
 * answer under its status, a 204 as `null`) with the route's tags, security and error answers, its success
 * status set for the handler, and a signed-in route's refusal of a signed-out caller (its first preHandler,
 * so a limit keyed by the caller, added through `config`, runs after it). The route file adds its handler,
 * limits and other hooks; a `preHandler` of its own would replace the refusal, so it lists `signedInOnly` first.
 */
export function routeFrom<const E extends ServerEndpoint, const Extras extends RouteSchemaExtras>(
  endpoint: E,
  extras: Extras,
): {
  method: E['method'];
  url: E['path'];
  schema: RouteSchema<E, Extras>;
  onRequest?: ReturnType<typeof answering>;
  preHandler?: Array<typeof signedInOnly>;
  attachValidation?: boolean;
} {
  const { response: ownAnswers, ranges, uploadFields, handlesBadInput, access = 'public', ...words } = extras;
  const schema: Record<string, unknown> = { ...words };
  const security = securityOf(access);
  if (security) schema.security = security;
  // Read by the OpenAPI transform only (plugins/openapi.ts), which removes them from the operation.
  if (ranges) schema['x-ranges'] = true;
  if (uploadFields) schema['x-upload-fields'] = uploadFields;
  if (handlesBadInput) schema['x-handles-bad-input'] = true;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const response: Record<number, z.ZodType> = { ...commonErrorsOf(endpoint, extras, access) };
  if (endpoint.response !== undefined) response[endpoint.status ?? 200] = endpoint.response ?? z.null();
  Object.assign(response, ownAnswers);
  schema.response = response;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as RouteSchema<E, Extras>,
    ...(endpoint.status !== undefined && { onRequest: answering(endpoint.status) }),
    ...(access === 'signed-in' && { preHandler: [signedInOnly] }),
    ...(handlesBadInput && { attachValidation: true }),
  };
}

/**
 * The area's `routeFrom`: its tags and access declared once, which a route may override (a signed-in
 * route in an area read by link holders).
 */
export function areaRoutes<const Area extends AreaDeclaration>(area: Area) {
  return <const E extends ServerEndpoint, const Extras extends RouteSchemaExtras = Record<never, never>>(
    endpoint: E,
    extras?: Extras,
  ) => routeFrom(endpoint, { ...area, ...(extras as Extras) });
}
