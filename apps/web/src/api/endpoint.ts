import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One server call as the contract describes it: its method, its path, and the shared schemas of what is
 * sent and what comes back. Declared once in `endpoints.ts`; `call()` takes the types from here.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Builds the path under `/api`; its parameter (if any) is what the call must be given. */
  path: (params: never) => string;
  /** The JSON body's schema; absent when nothing (or a multipart form) is sent. */
  request?: z.ZodType;
  /** The answer's schema; null for a 204 without a body. */
  response: z.ZodType | null;
  /** SPEC §4: a 401 here means wrong input, not an expired session: no refresh, no retry. */
  isCredentialCheck?: boolean;
}

/** Keeps each endpoint's own types (path parameters, schemas) while checking it is an Endpoint. */
export const defineEndpoints = <const Group extends Record<string, Endpoint>>(group: Group): Group => group;

type ParamsOf<E extends Endpoint> = Parameters<E['path']> extends [infer Params] ? { params: Params } : object;
type BodyOf<E extends Endpoint> = E extends { request: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : object;

/** What a call of `E` needs: its path parameters and its body, each only when the endpoint has one. */
type CallInput<E extends Endpoint> = ParamsOf<E> & BodyOf<E> & { signal?: AbortSignal; keepalive?: boolean };

/** The input as an argument list: optional when the endpoint needs neither parameters nor a body. */
export type CallArgs<E extends Endpoint> = object extends ParamsOf<E> & BodyOf<E> ? [CallInput<E>?] : [CallInput<E>];

export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
