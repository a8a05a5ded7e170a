import {
  createApiClient,
  rawUploadHeaders,
  type ApiClient,
  type ApiEndpoint,
  type ResponseOf,
  type TargetOf,
} from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import type { Caller } from './as';

/** Statuses whose answer has no body: a Response refuses one. */
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** The methods of the endpoint table. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A `fetch` answered by `app.inject`: the request's method, path, headers and body go in, a real Response
 * comes out, so that the shared client reads a test app's answers as it reads a real server's.
 */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const { pathname, search } = new URL(request.url);
    const method = METHODS.find((known) => known === request.method);
    if (!method) throw new Error(`injectFetch: no ${request.method} in the endpoint table`);
    const res = await app.inject({
      method,
      url: `${pathname}${search}`,
      headers: Object.fromEntries(request.headers),
      payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    return new Response(NO_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers,
    });
  };
}

/** A file a test uploads: its bytes in hand, sent as the whole body as the web and the CLI send one. */
export interface TestUploadFile {
  name: string;
  type?: string;
  content: Buffer;
}

/** The shared typed client, with the raw-body upload the web and the CLI make through its `exchange`. */
export interface TestApiClient extends ApiClient {
  upload<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>, file: TestUploadFile): Promise<ResponseOf<E>>;
}

/**
 * The client the web and the CLI use, against a test app, as `caller` (signed out without one): answers
 * checked against the endpoint table, a refusal thrown as ApiError with its status and code. For set-up
 * and happy paths; a request whose malformed input, headers or exact status is the test goes through `as()`.
 */
export function createTestApiClient(app: FastifyInstance, caller?: Caller | null): TestApiClient {
  const fetch = injectFetch(app);
  const client = createApiClient({
    baseUrl: 'http://localhost',
    fetch,
    headers: (): Record<string, string> => (caller ? { authorization: `Bearer ${caller.tokens.access_token}` } : {}),
    checkAnswers: true,
  });
  return {
    ...client,
    upload: (endpoint, target, file) =>
      client.exchange(endpoint, target, (url, headers) =>
        fetch(url, {
          method: endpoint.method,
          headers: {
            ...headers,
            ...rawUploadHeaders(file),
          },
          body: file.content,
        }),
      ),
  };
}
