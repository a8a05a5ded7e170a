import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  ErrorBody,
  FILE_NAME_HEADER,
  FILE_TYPE_HEADER,
  RAW_UPLOAD_CONTENT_TYPE,
  pathTo,
  REFRESH_TOKEN_HEADER,
} from '@clipsync/shared';
import { z } from 'zod';
import i18n from '../i18n';
import { ApiError, isRefusal } from './api-error';
import type { CallArgs, Endpoint, HttpMethod, ResponseOf, TargetOf } from './endpoint';
import { authEndpoints } from './endpoints';
import { SESSION_EXPIRED_EVENT, sessionStore } from './session-store';

/** Callers keep meeting ApiError here, beside the calls that throw it. */
export { ApiError, isRefusal };

interface RequestOptions {
  method: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent while it hides or unloads); bodies must stay under 64 KB. */
  keepalive?: boolean;
}

/**
 * In development and tests every answer is checked against its schema, so a server that drifts from the
 * contract fails loudly; production trusts the server and skips the cost.
 */
const isCheckingResponses = import.meta.env.DEV || import.meta.env.MODE === 'test';
/** What a 204 carries. */
const NO_CONTENT = z.undefined();

/** The endpoint's path with its parameters filled in, then its query if one was given. */
function pathOf(endpoint: Endpoint, target: { params?: Record<string, string>; query?: string }): string {
  const path = pathTo(endpoint.path, target.params ?? {});
  return target.query ? `${path}?${target.query}` : path;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
  if (parsed.success) {
    const { error, code, requiredPlan, current, attemptsLeft, retryAfterSeconds, deviceIds } = parsed.data;
    const attempts = { attemptsLeft, retryAfterSeconds };
    return new ApiError(error, response.status, code, requiredPlan, current, attempts, deviceIds);
  }
  // No server text (a proxy's HTML page, say): an empty message lets each screen use its own fallback
  // words ('Login failed' and the like), in the reader's language, rather than an English status line.
  return new ApiError('', response.status, 'HTTP_ERROR');
}

/**
 * A stored file's bytes from its `url` (a clip file's, which carries any view grant), as the signed-in
 * caller: the answer when it is 2xx (206 for `range`), else the server's `{ error, code }` as an ApiError.
 */
export async function fetchFile(url: string, { range }: { range?: { start: number; end: number } } = {}) {
  const headers: Record<string, string> = {};
  const token = sessionStore.getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (range) headers.Range = `bytes=${range.start}-${range.end}`;
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Rotated tokens on any response replace the stored ones. */
function adoptTokenHeaders(response: Response): void {
  const accessToken = response.headers.get(ACCESS_TOKEN_HEADER) ?? undefined;
  const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER) ?? undefined;
  if (accessToken || refreshToken) sessionStore.updateTokens({ accessToken, refreshToken });
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionStore.getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${API_BASE}${path}`, {
    method: options.method,
    headers,
    credentials: 'include',
    signal: options.signal,
    keepalive: options.keepalive,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** How a refresh ended: renewed, or the error a caller meets in place of its 401. */
type RefreshOutcome = { isRenewed: true } | { isRenewed: false; error: ApiError };

/**
 * A refresh that could not renew the session. Its words, in the reader's language: 'No session available',
 * 'No refresh token available' or 'Token refresh failed'.
 */
const refreshFailure = (messageKey: string, code: string, serverText = ''): RefreshOutcome => ({
  isRenewed: false,
  error: new ApiError(serverText || i18n.t(messageKey), 401, code),
});

/** POST /auth/refresh with the stored refresh token: the server's refusal text, else 'Token refresh failed'. */
async function renewSession(): Promise<RefreshOutcome> {
  const session = sessionStore.getSession();
  if (!session) return refreshFailure('auth.errors.noSession', 'NO_SESSION');
  if (!session.refresh_token) return refreshFailure('auth.errors.noRefreshToken', 'NO_REFRESH_TOKEN');
  const { method, path, response: schema } = authEndpoints.refresh;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: { [REFRESH_TOKEN_HEADER]: session.refresh_token },
    credentials: 'include',
  }).catch(() => null);
  const body: unknown = await response?.json().catch(() => null);
  if (!response?.ok) {
    const refusal = ErrorBody.safeParse(body);
    return refreshFailure('auth.errors.refreshFailed', 'TOKEN_REFRESH_FAILED', refusal.data?.error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return refreshFailure('auth.errors.refreshFailed', 'TOKEN_REFRESH_FAILED');
  sessionStore.updateTokens(parsed.data);
  return { isRenewed: true };
}

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** One refresh at a time: concurrent 401s share it (the server would otherwise see a reused token). */
function refreshOnce(): Promise<RefreshOutcome> {
  refreshInFlight ??= renewSession().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Renews the stored session (the session provider's start-up refresh); resolves to whether it did. */
export async function refreshSession(): Promise<boolean> {
  return (await refreshOnce()).isRenewed;
}

/**
 * Sends, and on a 401 refreshes once and sends again; a failed refresh ends the session and its
 * error is what the caller gets, still a 401, so a screen that shows the failure's text shows why.
 */
async function sendWithRefresh(endpoint: Endpoint, attempt: () => Promise<Response>): Promise<Response> {
  let response = await attempt();
  // Even without a stored session (another tab logged out): the refresh then fails with 'No session
  // available' and the session-expired event signs this tab out too.
  if (response.status === 401 && !endpoint.isCredentialCheck) {
    const refresh = await refreshOnce();
    if (!refresh.isRenewed) {
      sessionStore.clear();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      throw refresh.error;
    }
    response = await attempt();
  }
  adoptTokenHeaders(response);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * The answer as the endpoint declares it. The body itself is returned, not the parsed copy, so that
 * every mode sees the same value (parsing would drop fields the schema does not name).
 */
async function readAnswer<E extends Endpoint>(endpoint: E, path: string, response: Response): Promise<ResponseOf<E>> {
  const body: unknown = response.status === 204 ? undefined : await response.json();
  if (isCheckingResponses) {
    const result = (endpoint.response ?? NO_CONTENT).safeParse(body);
    if (!result.success) {
      throw new Error(`${endpoint.method} ${path} answered outside its contract:\n${z.prettifyError(result.error)}`);
    }
  }
  return body as ResponseOf<E>;
}

/** Like `call`, with the response headers (e.g. `X-Total-Count` of a paged list). */
export async function callWithHeaders<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<{ body: ResponseOf<E>; headers: Headers }> {
  const { params, query, body, signal, keepalive } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: string;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const path = pathOf(endpoint, { params, query });
  const response = await sendWithRefresh(endpoint, () =>
    send(path, { method: endpoint.method, body, signal, keepalive }),
  );
  return { body: await readAnswer(endpoint, path, response), headers: response.headers };
}

/**
 * The one HTTP client: one declared endpoint, its parameters and body in, its typed answer out. Base
 * `/api`, JSON, bearer token, one refresh-and-retry on 401, `{ error, code }` → ApiError.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return (await callWithHeaders(endpoint, ...args)).body;
}

/** How a call goes out: `keepalive` for one sent as the page hides, so it completes after the page is gone. */
export interface SendOptions {
  keepalive?: boolean;
}

/** Upload progress, 0–1 of the request body sent. */
export type ProgressListener = (fraction: number) => void;

/**
 * An upload that reports progress: fetch cannot observe an upload, XMLHttpRequest can. The file is the whole
 * body (`PUT`, `application/octet-stream`), its name and type in headers (docs/api.md#uploads-and-pages): the server streams it
 * to storage without parsing multipart framing. The result goes through the same refresh-and-retry, error
 * handling and answer check as every other call.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  { file, onProgress, ...target }: TargetOf<E> & { file: File; onProgress?: ProgressListener },
): Promise<ResponseOf<E>> {
  const path = pathOf(endpoint, target);
  const attempt = () =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(endpoint.method, `${API_BASE}${path}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Content-Type', RAW_UPLOAD_CONTENT_TYPE);
      // Header values are bytes: the name goes percent-encoded so any UTF-8 name arrives intact.
      xhr.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
      if (file.type) xhr.setRequestHeader(FILE_TYPE_HEADER, file.type);
      const token = sessionStore.getSession()?.access_token;
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK_ERROR'));
      xhr.send(file);
    });
  return readAnswer(endpoint, path, await sendWithRefresh(endpoint, attempt));
}
