import type { ApiEndpoint, HttpMethod } from '@clipsync/shared';
import { z } from 'zod';

/**
 * A shared table entry as one server route may vary it: the same path by several methods (a multipart
 * `POST` beside the raw-body `PUT`), or a looser schema than the web app's (`.partial()`); never another path.
 */
export interface ServerEndpoint extends Omit<ApiEndpoint, 'method'> {
  method: HttpMethod | HttpMethod[];
}

/** What a route adds to its entry's schemas: the OpenAPI words and its error answers. */
export interface RouteSchemaExtras {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  consumes?: string[];
  headers?: z.ZodType;
  response?: Record<number, z.ZodType>;
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

type RouteSchema<E extends ServerEndpoint, Extras extends RouteSchemaExtras> = Omit<Extras, 'response'> &
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
  const { response: errorAnswers, ...words } = extras;
  const schema: Record<string, unknown> = { ...words };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response !== undefined) response[endpoint.status ?? 200] = endpoint.response ?? z.null();
  Object.assign(response, errorAnswers);
  if (Object.keys(response).length > 0) schema.response = response;
  return { method: endpoint.method, url: endpoint.path, schema: schema as RouteSchema<E, Extras> };
}
