import type { ApiEndpoint, HttpMethod } from '@clipsync/shared';
import { z } from 'zod';

/**
 * A shared table entry as one server route may vary it: the same path by several methods (a multipart
 * `POST` beside the raw-body `PUT`), or a looser schema than the web app's (`.partial()`); never another path.
 */
export interface ServerEndpoint extends Omit<ApiEndpoint, 'method'> {
  method: HttpMethod | HttpMethod[];
}

/**
 * The `security` of a route that serves signed-out callers too, and reads the caller's bearer when one is
 * sent (a signed-in owner sees more, a token's scope is checked). A route that needs a sign-in declares
 * `[{ bearer: [] }]`; one that declares neither is public, and ignores a personal access token.
 */
export const SIGN_IN_OPTIONAL: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

/** What a route adds to its entry's schemas: the OpenAPI words and its error answers. */
export interface RouteSchemaExtras {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  consumes?: string[];
  headers?: z.ZodType;
  response?: Record<number, z.ZodType>;
  /** A file download that answers a `Range` with 206 (documented beside the whole file's 200). */
  ranges?: boolean;
  /** A multipart upload's fields beside `file`, for the document (the route parses them itself). */
  uploadFields?: z.ZodObject;
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

type RouteSchema<E extends ServerEndpoint, Extras extends RouteSchemaExtras> = Omit<
  Extras,
  'response' | 'ranges' | 'uploadFields'
> &
  Field<E, 'params', 'params'> &
  Field<E, 'query', 'querystring'> &
  Field<E, 'body', 'body'> & { response: SuccessOf<E> & (Extras extends { response: infer R } ? R : unknown) };

/**
 * Fastify's route options for a table entry: its method, its path under `/api` and its schemas (the
 * success answer under its status, a 204 as `null`), with the route's own tags, security and error
 * answers. The route file adds its handler, limits and hooks.
 */
export function routeFrom<const E extends ServerEndpoint, Extras extends RouteSchemaExtras>(
  endpoint: E,
  extras: Extras,
): { method: E['method']; url: E['path']; schema: RouteSchema<E, Extras> } {
  const { response: errorAnswers, ranges, uploadFields, ...words } = extras;
  const schema: Record<string, unknown> = { ...words };
  // Read by the OpenAPI transform only (plugins/openapi.ts), which removes them from the operation.
  if (ranges) schema['x-ranges'] = true;
  if (uploadFields) schema['x-upload-fields'] = uploadFields;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response !== undefined) response[endpoint.status ?? 200] = endpoint.response ?? z.null();
  Object.assign(response, errorAnswers);
  if (Object.keys(response).length > 0) schema.response = response;
  return { method: endpoint.method, url: endpoint.path, schema: schema as RouteSchema<E, Extras> };
}
