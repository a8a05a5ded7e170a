import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  apiErrorOf,
  AUTH_ENDPOINTS,
  createApiClient,
  rawUploadHeaders,
  ErrorBody,
  REFRESH_TOKEN_HEADER,
  type ApiEndpoint,
  type ResponseOf,
  type TargetOf,
} from '@clipsync/shared';
import i18n from '../i18n';
import { ApiError, isRefusal } from './api-error';
import { announceSessionEnded, sessionStore } from './session-store';

/** Callers keep meeting ApiError here, beside the calls that throw it. */
export { ApiError, isRefusal };

/**
 * In development and tests every answer is checked against its schema, so a server that drifts from the
 * contract fails loudly; production trusts the server and skips the cost.
 */
const isCheckingResponses = import.meta.env.DEV || import.meta.env.MODE === 'test';

function bearerHeaders(): Record<string, string> {
  const token = sessionStore.getSession()?.access_token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A stored file's bytes from its `url` (a clip file's, which carries any view grant), as the signed-in
 * caller: the answer when it is 2xx (206 for `range`), else the server's `{ error, code }` as an ApiError.
 */
export async function fetchFile(url: string, { range }: { range?: { start: number; end: number } } = {}) {
  const headers = bearerHeaders();
  if (range) headers.Range = `bytes=${range.start}-${range.end}`;
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

/** Rotated tokens on any response replace the stored ones. */
function adoptTokenHeaders(response: Response): void {
  const accessToken = response.headers.get(ACCESS_TOKEN_HEADER) ?? undefined;
  const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER) ?? undefined;
  if (accessToken || refreshToken) sessionStore.updateTokens({ accessToken, refreshToken });
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
  const { method, path, response: schema } = AUTH_ENDPOINTS.refresh;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: { [REFRESH_TOKEN_HEADER]: session.refresh_token },
    credentials: 'include',
  }).catch(() => null);
  const body: unknown = await response?.json().catch(() => null);
  if (!response?.ok) {
    const refusal = ErrorBody.safeParse(body);
    // A disabled account keeps its code, so the page can say why it signs out.
    const code = refusal.data?.code === 'ACCOUNT_DISABLED' ? refusal.data.code : 'TOKEN_REFRESH_FAILED';
    return refreshFailure('auth.errors.refreshFailed', code, refusal.data?.error);
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

/**
 * Renews the stored session (the session provider's start-up refresh, a socket's reconnect); resolves to
 * whether it did, and if not, the refusal's code.
 */
export async function refreshSession(): Promise<{ isRenewed: boolean; code?: string }> {
  const outcome = await refreshOnce();
  return outcome.isRenewed ? outcome : { isRenewed: false, code: outcome.error.code };
}

/**
 * A 401 refreshes once; a failed refresh ends the session and its error is what the caller gets, still a
 * 401, so a screen that shows the failure's text shows why. Even without a stored session (another tab
 * logged out) it runs: the refresh then fails with 'No session available' and this tab signs out too.
 */
async function renewOrSignOut(): Promise<boolean> {
  const refresh = await refreshOnce();
  if (refresh.isRenewed) return true;
  sessionStore.clear();
  announceSessionEnded({ code: refresh.error.code });
  throw refresh.error;
}

/**
 * The one HTTP client: one entry of the shared endpoint table, its parameters, query and body in, its typed
 * answer out. Same origin under `/api`, JSON, bearer token, one refresh-and-retry on 401, rotated tokens
 * adopted, `{ error, code }` → ApiError.
 */
const client = createApiClient({
  baseUrl: '',
  init: { credentials: 'include' },
  headers: bearerHeaders,
  renewOnUnauthorized: renewOrSignOut,
  onResponse: adoptTokenHeaders,
  checkAnswers: isCheckingResponses,
});

export const { call, callWithHeaders } = client;

/** Upload progress, 0–1 of the request body sent. */
export type ProgressListener = (fraction: number) => void;

/** The answer an XMLHttpRequest got, as a fetch Response, so the shared client reads it like any other. */
function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers });
}

/**
 * An upload that reports progress: fetch cannot observe an upload, XMLHttpRequest can. The file is the whole
 * body (`PUT`, `application/octet-stream`), its name and type in headers (docs/api.md#uploads-and-pages): the
 * server streams it to storage without parsing multipart framing. The rest (headers, refresh-and-retry,
 * refusals, the answer check) is the client's, as for every other call.
 */
export function upload<E extends ApiEndpoint>(
  endpoint: E,
  request: TargetOf<E> & { file: File; onProgress?: ProgressListener },
): Promise<ResponseOf<E>> {
  const { file, onProgress } = request;
  return client.exchange(endpoint, request, (url, headers) => {
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(endpoint.method, url);
      xhr.withCredentials = true;
      const allHeaders = { ...headers, ...rawUploadHeaders(file) };
      for (const [name, value] of Object.entries(allHeaders)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
      xhr.onload = () => resolve(responseOf(xhr));
      xhr.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK_ERROR'));
      xhr.send(file);
    });
  });
}

/**
 * A multipart form to an entry that takes one (sealing or unsealing a clip: its text fields, then a part per
 * file), through the client's headers, refresh-and-retry and answer check like any call. The browser writes the
 * form's boundary itself, so no Content-Type is set here.
 */
export function sendForm<E extends ApiEndpoint>(endpoint: E, request: TargetOf<E> & { form: FormData }) {
  return client.exchange(endpoint, request, (url, headers) =>
    fetch(url, { method: endpoint.method, headers, body: request.form, credentials: 'include' }),
  );
}
