import type { ApiEndpoint, HasPathParams, PathParams } from '@clipsync/shared';
import type { z } from 'zod';

export type { HttpMethod } from '@clipsync/shared';

/** A call of the shared endpoint table (`@clipsync/shared`), as the web app sends it. */
export interface Endpoint extends ApiEndpoint {
  /** A 401 here means wrong input (a password, a token), not an expired session: no refresh, no retry. */
  isCredentialCheck?: boolean;
}

type ParamsOf<E extends Endpoint> = HasPathParams<E['path']> extends true ? { params: PathParams<E['path']> } : object;
/** The query as a string (`limit=20&offset=0`), built by the area's own helpers, only where the server reads one. */
type QueryOf<E extends Endpoint> = E extends { query: z.ZodType } ? { query?: string } : object;
type BodyOf<E extends Endpoint> = E extends { body: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : object;

/** Where a call goes: its path parameters and query, each only when the endpoint has them. */
export type TargetOf<E extends Endpoint> = ParamsOf<E> & QueryOf<E>;

/** What a call of `E` needs: its path parameters, its query and its body, each only when the endpoint has one. */
type CallInput<E extends Endpoint> = TargetOf<E> & BodyOf<E> & { signal?: AbortSignal; keepalive?: boolean };

/** The input as an argument list: optional when the endpoint needs neither parameters nor a body. */
export type CallArgs<E extends Endpoint> = object extends ParamsOf<E> & BodyOf<E> ? [CallInput<E>?] : [CallInput<E>];

export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
