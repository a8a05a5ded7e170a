import { API_BASE, API_TABLES, type ApiEndpoint, type CallInput, type ResponseOf } from '@clipsync/shared';
import { afterAll, beforeEach, vi, type Mock } from 'vitest';
import { ApiError } from '../api/api-error';

/**
 * What a page sent to one entry: path parameters, query and JSON body as the server would read them, and
 * `keepalive: true` only when it was sent to outlive the page (a delete as the page goes away).
 */
export interface FakeRequest<E extends ApiEndpoint = ApiEndpoint> {
  params: Record<string, string>;
  query: Record<string, string>;
  body: CallInput<E> extends { body: infer Body } ? Body : undefined;
  keepalive?: true;
}

/** An answer that carries headers too, such as a page's total in `X-Total-Count`: see `withHeaders`. */
export class FakeAnswer<T> {
  constructor(
    readonly body: T,
    readonly headers: Record<string, string>,
  ) {}
}

/** `api.on(entry).mockResolvedValue(withHeaders(rooms, { 'x-total-count': '120' }))`. */
export const withHeaders = <T>(body: T, headers: Record<string, string>) => new FakeAnswer(body, headers);

type FakeAnswerOf<E extends ApiEndpoint> = ResponseOf<E> | FakeAnswer<ResponseOf<E>>;

/** A test's answer to one entry: its value, or an ApiError thrown (rejected) for the server's refusal. */
export type FakeHandler<E extends ApiEndpoint> = Mock<
  (request: FakeRequest<E>) => FakeAnswerOf<E> | Promise<FakeAnswerOf<E>>
>;

/** The answer to a call no test answered: loud in the test's output, a refusal to the page. */
const NOT_ANSWERED = { status: 501, code: 'NOT_ANSWERED_IN_TEST' };

const patternOf = (path: string) =>
  new RegExp(`^${API_BASE}${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);

/** Every entry of the table, the ones with fewer parameters first: `/clipboard/stats` before `/clipboard/:id`. */
const ROUTES = Object.values(API_TABLES)
  .flatMap((group) => Object.values(group))
  .map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }))
  .sort((a, b) => a.endpoint.path.split(':').length - b.endpoint.path.split(':').length);

/** A refusal as the server words it, with the facts some carry (an edit conflict's stored text, a plan). */
const refusalOf = ({ message, code, requiredPlan, current, attempts, deviceIds }: ApiError) => ({
  error: message,
  code,
  requiredPlan,
  current,
  ...attempts,
  deviceIds: deviceIds.length > 0 ? deviceIds : undefined,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * The server of a page test, at the one place the web meets it: `fetch`. Calls go through the real client
 * (its query encoding, renewal, answer check against the shared schema, error mapping), so a page test
 * proves the page and its calls agree with the contract. Call `fakeApi()` inside the `describe`; then
 * `api.on(NETWORK_ENDPOINTS.shareOrigins).mockResolvedValue({ origins: [] })` answers an entry (a fresh mock
 * each test), `mockRejectedValue(new ApiError('Nope', 403, 'ROOM_FORBIDDEN'))` refuses it, and
 * `expect(api.on(entry)).toHaveBeenCalledWith({ params, query, body })` checks what was sent.
 */
export function fakeApi() {
  let handlers = new Map<ApiEndpoint, FakeHandler<ApiEndpoint>>();

  function on<E extends ApiEndpoint>(endpoint: E): FakeHandler<E> {
    let handler = handlers.get(endpoint);
    if (!handler) {
      handler = vi.fn();
      handler.mockImplementation(() => {
        throw new ApiError(
          `No answer to ${endpoint.method} ${endpoint.path} in this test`,
          NOT_ANSWERED.status,
          NOT_ANSWERED.code,
        );
      });
      handlers.set(endpoint, handler);
    }
    return handler as unknown as FakeHandler<E>;
  }

  async function answer(endpoint: ApiEndpoint, request: FakeRequest): Promise<Response> {
    try {
      const answered = await on(endpoint)(request);
      const status = endpoint.status ?? (endpoint.response === null ? 204 : 200);
      return answered instanceof FakeAnswer ? json(status, answered.body, answered.headers) : json(status, answered);
    } catch (error) {
      if (error instanceof ApiError) return json(error.status, refusalOf(error));
      throw error;
    }
  }

  async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    for (const { endpoint, pattern } of ROUTES) {
      const match = endpoint.method === method ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const query = Object.fromEntries(url.searchParams);
      const request = { params, query, body, ...(init.keepalive ? { keepalive: true } : {}) };
      return answer(endpoint, request as FakeRequest);
    }
    return json(NOT_ANSWERED.status, {
      error: `No answer to ${method} ${url.pathname} in this test`,
      code: NOT_ANSWERED.code,
    });
  }

  // Stubbed for each test: a describe's page-test setup unstubs every global when it ends.
  beforeEach(() => {
    handlers = new Map();
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterAll(() => vi.unstubAllGlobals());
  return { on };
}

/** A test file's fake server, for a shared test kit that answers entries on its behalf. */
export type FakeApi = ReturnType<typeof fakeApi>;
