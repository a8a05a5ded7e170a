import type { APIRequestContext, APIResponse } from '@playwright/test';
import {
  API_BASE,
  ApiError,
  createApiClient,
  rawUploadHeaders,
  type ApiClient,
  type ApiEndpoint,
  type ResponseOf,
  type TargetOf,
} from '@clipsync/shared';

/** A file a journey attaches, held in memory (the fixtures are a few bytes). */
export interface JourneyFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The shared typed client, plus the raw-body upload (`PUT`, name and type in headers) the CLI also uses. */
export interface JourneyApi extends ApiClient {
  upload<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>, file: JourneyFile): Promise<ResponseOf<E>>;
}

/** Statuses whose answer has no body: a Response made with one throws. */
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The shared typed client for a journey, sending through Playwright's request context so that its base URL,
 * its extra headers (a context's X-Forwarded-For makes it a device of another network) and its trace stay as
 * for a raw `request` call. With `token`, every call carries it as a bearer. A refusal is thrown as the
 * shared ApiError (status, code), its message naming the call, so a failed set-up says which step failed.
 */
export function createJourneyApi(request: APIRequestContext, { token }: { token?: string } = {}): JourneyApi {
  const bearer: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const typed = createApiClient({
    // Relative addresses: the request context resolves them against the test server's base URL.
    baseUrl: '',
    fetch: fetchThrough(request),
    headers: () => bearer,
    // A journey's fixtures then fail where the server strays from the shared contract, as the web's tests do.
    checkAnswers: true,
  });

  return {
    call: (endpoint, ...args) => named(endpoint, typed.call(endpoint, ...args)),
    callWithHeaders: (endpoint, ...args) => named(endpoint, typed.callWithHeaders(endpoint, ...args)),
    exchange: (endpoint, target, transport) => named(endpoint, typed.exchange(endpoint, target, transport)),
    send: (endpoint, ...args) => typed.send(endpoint, ...args),
    urlOf: (endpoint, target) => typed.urlOf(endpoint, target),
    upload: (endpoint, target, file) =>
      named(
        endpoint,
        typed.exchange(endpoint, target, async (url, headers) =>
          responseOf(
            await request.fetch(url, {
              method: endpoint.method,
              headers: {
                ...headers,
                ...rawUploadHeaders({ name: file.name, type: file.mimeType }),
              },
              data: file.buffer,
              failOnStatusCode: false,
            }),
          ),
        ),
      ),
  };
}

/** A fetch made by the request context: the shared client only ever sends a JSON string or nothing. */
function fetchThrough(request: APIRequestContext): typeof fetch {
  return async (input, init = {}) => {
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('A journey sends JSON through the typed client; files go through upload()');
    }
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await request.fetch(url, {
      method: init.method,
      headers: Object.fromEntries(new Headers(init.headers)),
      data: init.body ?? undefined,
      failOnStatusCode: false,
    });
    return responseOf(answer);
  };
}

/** Playwright's answer as the fetch Response the shared client reads. */
async function responseOf(answer: APIResponse): Promise<Response> {
  const status = answer.status();
  return new Response(NO_BODY_STATUSES.has(status) ? null : new Uint8Array(await answer.body()), {
    status,
    statusText: answer.statusText(),
    headers: answer.headersArray().map(({ name, value }): [string, string] => [name, value]),
  });
}

/** The call's answer; a refusal thrown again with the call's method and path in its message. */
async function named<T>(endpoint: ApiEndpoint, outcome: Promise<T>): Promise<T> {
  try {
    return await outcome;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(
      `${endpoint.method} ${API_BASE}${endpoint.path} refused, ${error.status} ${error.code}: ${error.message}`,
      error.status,
      error.code,
      error.requiredPlan,
      error.current,
      error.attempts,
      error.deviceIds,
      error.statusText,
    );
  }
}
