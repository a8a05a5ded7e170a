import { ErrorBody } from '@clipsync/shared';

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

/** Supplies the bearer token; the accounts module installs the real one. */
let accessTokenProvider: () => string | null = () => null;
export function setAccessTokenProvider(provider: () => string | null): void {
  accessTokenProvider = provider;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
  if (parsed.success) return new ApiError(parsed.data.error, response.status, parsed.data.code);
  return new ApiError(response.statusText || 'Request failed', response.status, 'HTTP_ERROR');
}

/** The one HTTP client: base `/api`, JSON both ways, bearer token, `{ error, code }` read into ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = accessTokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    signal: options.signal,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
