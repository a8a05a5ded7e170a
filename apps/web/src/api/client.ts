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
  return new ApiError(response.statusText || 'Request failed', response.status, 'HTTP_ERROR');
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

/** The one HTTP client: base `/api`, JSON, bearer token, one refresh-and-retry on 401, `{ error, code }` → ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  const mayRefresh = !NO_REFRESH_PATHS.includes(path) && sessionStore.getSession() !== null;
  if (response.status === 401 && mayRefresh) {
    if (await refreshSession()) {
      response = await send(path, options);
    } else {
      sessionStore.clear();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
  }
  adoptTokenHeaders(response);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
