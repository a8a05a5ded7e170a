import { z } from 'zod';
import type { CallArgs, LooseCallInput, ResponseOf, TargetOf } from './call-types';
import { API_BASE, pathTo, type ApiEndpoint } from './endpoint';
import { encodeQuery } from './query-string';
import { AnswerOutsideContractError, apiErrorOf } from './refusal';

/** What may go out with every request besides its method, headers, body and signal. */
export interface FetchInitExtras {
  credentials?: 'include' | 'omit' | 'same-origin';
}

export interface ApiClientOptions {
  /** The server's origin and any base path (`https://clips.example/sync`); '' for the page's own origin. */
  baseUrl: string;
  /** The fetch to send with (a test's, built on `app.inject` or a port); the global one when absent. */
  fetch?: typeof fetch;
  /** Headers each request carries besides the JSON ones (a bearer token, a user agent), asked per request. */
  headers?: () => Record<string, string>;
  /**
   * Run when a call that is not a credential check is answered 401: resolve true to send it once more (the
   * session was renewed), false to pass the 401 on; a throw is what the caller gets instead.
   */
  renewOnUnauthorized?: () => Promise<boolean>;
  /** Sees every final answer before it is read (rotated tokens in its headers). */
  onResponse?: (response: Response) => void;
  /** Check each answer against its endpoint's schema, and throw AnswerOutsideContractError when it strays. */
  checkAnswers?: boolean;
  /** A plain call's time limit in milliseconds; transfers (`exchange`) have none. */
  timeoutMs?: number;
  init?: FetchInitExtras;
}

/** How one request goes out, for a transfer fetch cannot make (an upload with progress): its URL and headers in. */
export type Transport = (url: string, headers: Record<string, string>) => Promise<Response>;

export interface ApiClient {
  /** One call of the shared endpoint table: its typed answer, or its refusal thrown as ApiError. */
  call<E extends ApiEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  /** The same, with the answer's headers (a page's `X-Total-Count`). */
  callWithHeaders<E extends ApiEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<{ body: ResponseOf<E>; headers: Headers }>;
  /**
   * The answer as it came, unread and whatever its status, for a caller that reads refusals itself (the device
   * sign-in's polling, whose 400s are its protocol). Failures to reach the server are still thrown.
   */
  send<E extends ApiEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response>;
  /** A call made by the caller's own transport, with the same headers, renewal, refusals and answer check. */
  exchange<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>, transport: Transport): Promise<ResponseOf<E>>;
  /** A call's whole address: the base, `/api`, the entry's path filled in, and its query. */
  urlOf<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>): string;
}

/** What a 204 carries. */
const NO_CONTENT = z.undefined();

/** The typed client of the shared endpoint table, for every side that calls the API: web, CLI and tests. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function urlOf(endpoint: ApiEndpoint, { params, query }: LooseCallInput): string {
    const search = encodeQuery(query);
    return `${options.baseUrl}${API_BASE}${pathTo(endpoint.path, params ?? {})}${search ? `?${search}` : ''}`;
  }

  function headersFor(extra: Record<string, string>): Record<string, string> {
    return { Accept: 'application/json', ...options.headers?.(), ...extra };
  }

  function signalOf(signal: AbortSignal | undefined): AbortSignal | undefined {
    if (options.timeoutMs === undefined) return signal;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }

  /** Sends, and on a 401 that is not the answer to typed credentials, renews once and sends again. */
  async function withRenewal(endpoint: ApiEndpoint, attempt: () => Promise<Response>): Promise<Response> {
    let response = await attempt();
    if (response.status === 401 && !endpoint.credentialCheck && options.renewOnUnauthorized) {
      if (await options.renewOnUnauthorized()) response = await attempt();
    }
    options.onResponse?.(response);
    return response;
  }

  function sendJson(endpoint: ApiEndpoint, input: LooseCallInput): Promise<Response> {
    const url = urlOf(endpoint, input);
    const hasBody = input.body !== undefined;
    return withRenewal(endpoint, () =>
      fetchFn(url, {
        ...options.init,
        method: endpoint.method,
        headers: headersFor(hasBody ? { 'Content-Type': 'application/json' } : {}),
        body: hasBody ? JSON.stringify(input.body) : undefined,
        signal: signalOf(input.signal),
        keepalive: input.keepalive,
      }),
    );
  }

  /**
   * The answer as the endpoint declares it. The body itself is returned, not the parsed copy, so that a
   * client that checks and one that does not see the same value (parsing drops fields the schema does not name).
   */
  async function readAnswer<E extends ApiEndpoint>(
    endpoint: E,
    url: string,
    response: Response,
  ): Promise<ResponseOf<E>> {
    if (!response.ok) throw await apiErrorOf(response);
    const outsideContract = (issues: string) =>
      new AnswerOutsideContractError(
        endpoint.method,
        url.slice(options.baseUrl.length + API_BASE.length),
        issues,
        endpoint.path,
      );
    if (!endpoint.response) {
      await response.body?.cancel();
      // An entry declared without content (`null`) answers 204: anything else means the two sides disagree.
      if (options.checkAnswers && endpoint.response === null && response.status !== 204) {
        throw outsideContract(`expected 204 without content, got ${response.status}`);
      }
      return undefined as ResponseOf<E>;
    }
    const body: unknown =
      response.status === 204
        ? undefined
        : await (options.checkAnswers ? response.json().catch(() => undefined) : response.json());
    if (options.checkAnswers) {
      const result = (response.status === 204 ? NO_CONTENT : endpoint.response).safeParse(body);
      if (!result.success) throw outsideContract(z.prettifyError(result.error));
    }
    return body as ResponseOf<E>;
  }

  async function callWithHeaders<E extends ApiEndpoint>(
    endpoint: E,
    ...[input]: CallArgs<E>
  ): Promise<{ body: ResponseOf<E>; headers: Headers }> {
    const loose: LooseCallInput = input ?? {};
    const response = await sendJson(endpoint, loose);
    return { body: await readAnswer(endpoint, urlOf(endpoint, loose), response), headers: response.headers };
  }

  return {
    callWithHeaders,
    call: async (endpoint, ...args) => (await callWithHeaders(endpoint, ...args)).body,
    send: (endpoint, ...[input]) => sendJson(endpoint, input ?? {}),
    async exchange(endpoint, target, transport) {
      const url = urlOf(endpoint, target);
      return readAnswer(endpoint, url, await withRenewal(endpoint, () => transport(url, headersFor({}))));
    },
    urlOf: (endpoint, target) => urlOf(endpoint, target),
  };
}
