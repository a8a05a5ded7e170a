import { AUTH_ENDPOINTS, CLIP_ENDPOINTS } from '@clipsync/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeClip, testUser as user } from '../test/fixtures';
import { ApiError, call } from './client';
import { sessionStore } from './session-store';

const respond = (status: number, body: unknown) =>
  vi
    .fn()
    .mockResolvedValue(
      new Response(body === undefined ? null : JSON.stringify(body), { status, statusText: 'Status' }),
    );

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const clip = makeClip({ content: 'x' });

describe('call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  test('sends JSON to /api with the bearer token and returns the parsed body', async () => {
    const fetchMock = respond(201, clip);
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.save(user, { access_token: 'token-123', refresh_token: 'r', expires_at: 9_999_999_999 });
    await expect(call(CLIP_ENDPOINTS.create, { body: { content: 'x' } })).resolves.toEqual(clip);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/clipboard');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"content":"x"}');
  });

  test("a failed call throws ApiError with the server's error text and code", async () => {
    vi.stubGlobal('fetch', respond(403, { error: 'Please confirm your email', code: 'EMAIL_NOT_CONFIRMED' }));
    const error = await call(AUTH_ENDPOINTS.login, { body: { email: 'a@example.com', password: 'x' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please confirm your email', status: 403, code: 'EMAIL_NOT_CONFIRMED' });
  });

  test('a failure without the error body still becomes an ApiError', async () => {
    vi.stubGlobal('fetch', respond(502, undefined));
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  test('204 resolves to undefined', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(CLIP_ENDPOINTS.remove, { params: { id: 'clip/1' } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]).toEqual(['/api/clipboard/clip%2F1', expect.objectContaining({ method: 'DELETE' })]);
  });

  test('keepalive goes to fetch, so a call sent as the page hides outlives it', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await call(CLIP_ENDPOINTS.remove, { params: { id: 'clip-1' }, keepalive: true });
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].keepalive).toBe(true);
  });

  test('a 401 refreshes once and retries with the new token', async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 9_999_999_999 });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }))
      .mockResolvedValueOnce(json(200, { accessToken: 'new', refreshToken: 'r2', expiresAt: 9_999_999_999 }))
      .mockResolvedValueOnce(json(200, [clip]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(CLIP_ENDPOINTS.history, { query: { limit: 20 } })).resolves.toEqual([clip]);
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers).toEqual({ 'x-refresh-token': 'r1' });
    expect((fetchMock.mock.calls[2] as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer new',
    });
    expect(sessionStore.getSession()?.refresh_token).toBe('r2');
  });

  test('a failed refresh clears the session and raises auth:session-expired', async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 9_999_999_999 });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }))
        .mockResolvedValueOnce(json(401, { error: 'Invalid or expired refresh token', code: 'UNAUTHORIZED' })),
    );
    const expired = vi.fn();
    window.addEventListener('auth:session-expired', expired);
    // The refresh's error is passed on, with the server's text.
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired refresh token',
    });
    expect(expired).toHaveBeenCalledOnce();
    expect(sessionStore.getSession()).toBeNull();
    window.removeEventListener('auth:session-expired', expired);
  });

  test('a refresh refused because an admin disabled the account says so, with its code', async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 9_999_999_999 });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }))
        .mockResolvedValueOnce(json(403, { error: 'This account is disabled', code: 'ACCOUNT_DISABLED' })),
    );
    const ended: unknown[] = [];
    const onEnded = (event: Event) => ended.push((event as CustomEvent).detail);
    window.addEventListener('auth:session-expired', onEnded);
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toMatchObject({
      status: 401,
      code: 'ACCOUNT_DISABLED',
      message: 'This account is disabled',
    });
    expect(ended).toEqual([{ code: 'ACCOUNT_DISABLED' }]);
    window.removeEventListener('auth:session-expired', onEnded);
  });

  test.each([
    ['an answer without an error text', () => Promise.resolve(new Response('Bad gateway', { status: 502 }))],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("a refresh that fails with %s passes on 'Token refresh failed'", async (_case, refresh) => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 9_999_999_999 });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }))
        .mockImplementationOnce(refresh),
    );
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toMatchObject({ status: 401, message: 'Token refresh failed' });
    expect(sessionStore.getSession()).toBeNull();
  });

  test("a stored session without a refresh token fails with 'No refresh token available'", async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: '', expires_at: 9_999_999_999 });
    const fetchMock = vi.fn().mockResolvedValue(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toMatchObject({ status: 401, message: 'No refresh token available' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  test("a 401 after another tab logged out fails with 'No session available' and ends this tab's session", async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }));
    vi.stubGlobal('fetch', fetchMock);
    const expired = vi.fn();
    window.addEventListener('auth:session-expired', expired);
    await expect(call(CLIP_ENDPOINTS.history, { query: { limit: 20 } })).rejects.toMatchObject({
      status: 401,
      message: 'No session available',
    });
    expect(expired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
    window.removeEventListener('auth:session-expired', expired);
  });

  test('login failures are passed on without a refresh', async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 9_999_999_999 });
    const fetchMock = vi
      .fn()
      .mockResolvedValue(json(401, { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(AUTH_ENDPOINTS.login, { body: { email: 'a@example.com', password: 'x' } })).rejects.toMatchObject(
      {
        message: 'Invalid credentials',
      },
    );
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  test("a refused sign-in carries the tries left, and the lock's wait", async () => {
    const login = () =>
      call(AUTH_ENDPOINTS.login, { body: { email: 'a@example.com', password: 'x' } }).catch(
        (caught: unknown) => caught,
      );
    vi.stubGlobal(
      'fetch',
      respond(401, { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS', attemptsLeft: 2 }),
    );
    expect(await login()).toMatchObject({ code: 'INVALID_CREDENTIALS', attempts: { attemptsLeft: 2 } });
    vi.stubGlobal('fetch', respond(429, { error: 'Wait', code: 'RATE_LIMITED', retryAfterSeconds: 892 }));
    expect(await login()).toMatchObject({ code: 'RATE_LIMITED', attempts: { retryAfterSeconds: 892 } });
  });

  test('x-access-token on a response replaces the stored access token', async () => {
    sessionStore.save(user, { access_token: 'old', refresh_token: 'r1', expires_at: 1 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { user }, { 'x-access-token': 'renewed' })));
    await call(AUTH_ENDPOINTS.me);
    expect(sessionStore.getSession()?.access_token).toBe('renewed');
  });

  test('an answer outside its contract fails loudly in development and tests', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { user: { id: 'u1' } })));
    await expect(call(AUTH_ENDPOINTS.me)).rejects.toThrow(/GET \/auth\/me answered outside its contract/);
  });
});
