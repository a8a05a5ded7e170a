import { ACCESS_TOKEN_HEADER, ErrorBody, REFRESH_TOKEN_HEADER, RefreshResponse } from '@clipsync/shared';
import { SESSION_EXPIRED_EVENT, sessionStore } from './session-store';

/** A failed call: `message` is the server's `error` text (SPEC §8), `code` its machine code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** SPEC §4: a 401 from these means wrong input, not an expired session: no refresh, no retry. */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/refresh'];

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
  if (parsed.success) return new ApiError(parsed.data.error, response.status, parsed.data.code);
  // No server text (a proxy's HTML page, say): an empty message lets each screen use its own fallback
  // words (SPEC §8), in the reader's language, rather than an English status line.
  return new ApiError('', response.status, 'HTTP_ERROR');
}

/** Rotated tokens on any response replace the stored ones (SPEC §4). */
function adoptTokenHeaders(response: Response): void {
  const accessToken = response.headers.get(ACCESS_TOKEN_HEADER) ?? undefined;
  const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER) ?? undefined;
  if (accessToken || refreshToken) sessionStore.updateTokens({ accessToken, refreshToken });
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = sessionStore.getSession()?.access_token;
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    signal: options.signal,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
}

let refreshInFlight: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s share it (the server would otherwise see a reused token). */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refreshToken = sessionStore.getSession()?.refresh_token;
    if (!refreshToken) return false;
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
      credentials: 'include',
    }).catch(() => null);
    const parsed = response?.ok ? RefreshResponse.safeParse(await response.json().catch(() => null)) : null;
    if (!parsed?.success) return false;
    sessionStore.updateTokens(parsed.data);
    return true;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Sends, and on a 401 refreshes once and sends again (SPEC §4); a failed refresh ends the session. */
async function sendWithRefresh(path: string, attempt: () => Promise<Response>): Promise<Response> {
  let response = await attempt();
  const mayRefresh = !NO_REFRESH_PATHS.includes(path) && sessionStore.getSession() !== null;
  if (response.status === 401 && mayRefresh) {
    if (await refreshSession()) {
      response = await attempt();
    } else {
      sessionStore.clear();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
  }
  adoptTokenHeaders(response);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Like `apiRequest`, with the response headers (e.g. `X-Total-Count` of a paged list). */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await sendWithRefresh(path, () => send(path, options));
  const body = response.status === 204 ? undefined : await response.json();
  return { body: body as T, headers: response.headers };
}

/** The one HTTP client: base `/api`, JSON, bearer token, one refresh-and-retry on 401, `{ error, code }` → ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** Upload progress, 0–1 of the request body sent. */
export type ProgressListener = (fraction: number) => void;

/**
 * A multipart upload that reports progress: fetch cannot observe an upload, XMLHttpRequest can. The
 * result goes through the same refresh-and-retry and error handling as every other call.
 */
export async function apiUpload<T>(path: string, form: FormData, onProgress?: ProgressListener): Promise<T> {
  const attempt = () =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api${path}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
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
      xhr.send(form);
    });
  const response = await sendWithRefresh(path, attempt);
  return (await response.json()) as T;
}
