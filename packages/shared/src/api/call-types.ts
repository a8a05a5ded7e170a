import type { z } from 'zod';
import type { ApiEndpoint, HasPathParams, PathParams } from './endpoint';

type ParamsOf<E extends ApiEndpoint> =
  HasPathParams<E['path']> extends true ? { params: PathParams<E['path']> } : { params?: undefined };
/** The query as its schema reads it (any field may be left out: the server's default holds), for `encodeQuery`. */
export type QueryOf<E extends ApiEndpoint> = E extends { query: infer Schema extends z.ZodType }
  ? Partial<z.input<Schema>>
  : never;
type QueryInputOf<E extends ApiEndpoint> = E extends { query: z.ZodType } ? { query?: QueryOf<E> } : object;
type BodyOf<E extends ApiEndpoint> = E extends { body: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : object;

/** Where a call goes: its path parameters and query, each only when the endpoint has them. */
export type TargetOf<E extends ApiEndpoint> = ParamsOf<E> & QueryInputOf<E>;

/** A call's per-request extras: `keepalive` lets one sent as the page hides outlive it (bodies under 64 KB). */
export interface CallExtras {
  keepalive?: boolean;
}

/** What a call of `E` needs: its target and body, a signal to give up on it, and its extras. */
export type CallInput<E extends ApiEndpoint> = TargetOf<E> & BodyOf<E> & CallExtras & { signal?: AbortSignal };

/** The input as an argument list: optional when the endpoint needs neither parameters nor a body. */
export type CallArgs<E extends ApiEndpoint> = object extends ParamsOf<E> & BodyOf<E> ? [CallInput<E>?] : [CallInput<E>];

/** The answer a call of `E` resolves to: its response schema's output, or nothing. */
export type ResponseOf<E extends ApiEndpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

/** A call's input with its types forgotten, as the client reads it. */
export interface LooseCallInput {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}
