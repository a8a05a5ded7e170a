import type { z } from 'zod';
import type { TokenScope } from '../schemas/tokens';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A call about the calling token itself (who it is, ending it): every personal access token may make it,
 * whatever its scopes, and it can reach no other token.
 */
export const SELF_SCOPE = 'self';
/** What an endpoint entry may ask of a personal access token: one of its scopes, or only to be one. */
export type EndpointScope = TokenScope | typeof SELF_SCOPE;

/** Where the table's paths live on the server: each entry's path is under it. */
export const API_BASE = '/api';

/**
 * One call of the API as both sides know it: its method, its path under `/api` (`:name` marks a path
 * parameter), the schemas of its path parameters, query, JSON body and answer, and the answer's status.
 * The server builds its route from it, the web app its request.
 */
export interface ApiEndpoint {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; absent when nothing is sent, or a file (multipart form or raw body). */
  body?: z.ZodType;
  /** The success status, 200 unless given. */
  status?: number;
  /** The JSON answer; null for a 204 without a body; absent when the answer is not JSON (a file, a redirect). */
  response?: z.ZodType | null;
  /**
   * The scope a personal access token needs for this call, or SELF_SCOPE for a call about the token itself.
   * Without one, a call that reads a bearer refuses tokens (403 `TOKEN_NOT_ALLOWED`): accounts, sessions,
   * tokens and billing are for a signed-in browser only. A public call (its server route declares no bearer)
   * ignores a token instead, whatever its scopes.
   */
  scope?: EndpointScope;
  /**
   * A 401 here is the answer to what was typed (a password, a token), not an expired session: a client
   * must not renew its session and ask again.
   */
  credentialCheck?: boolean;
}

/** Keeps each endpoint's own literal types (its path above all) while checking it is an ApiEndpoint. */
export const defineEndpoints = <const Group extends Record<string, ApiEndpoint>>(group: Group): Group => group;

type ParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

/** The parameters a path needs: `PathParams<'/rooms/:id/members/:memberId'>` is `{ id: string; memberId: string }`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string };

/** Whether a path has parameters at all. */
export type HasPathParams<Path extends string> = [ParamNames<Path>] extends [never] ? false : true;

/** The path with each `:name` segment filled in, encoded so a value stays one segment. */
export function pathTo<Path extends string>(path: Path, params: PathParams<Path>): string {
  const values: Record<string, string> = params;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}
