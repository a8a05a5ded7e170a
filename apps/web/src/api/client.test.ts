import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiRequest, setAccessTokenProvider } from './client';

const respond = (status: number, body: unknown) =>
  vi
    .fn()
    .mockResolvedValue(
      new Response(body === undefined ? null : JSON.stringify(body), { status, statusText: 'Status' }),
    );

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessTokenProvider(() => null);
  });

  test('sends JSON to /api with the bearer token and returns the parsed body', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(() => 'token-123');
    await expect(apiRequest('/clipboard', { method: 'POST', body: { content: 'x' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/clipboard');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"content":"x"}');
  });

  test("a failed call throws ApiError with the server's error text and code", async () => {
    vi.stubGlobal('fetch', respond(403, { error: 'Please confirm your email', code: 'EMAIL_NOT_CONFIRMED' }));
    const error = await apiRequest('/auth/login').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please confirm your email', status: 403, code: 'EMAIL_NOT_CONFIRMED' });
  });

  test('a failure without the error body still becomes an ApiError', async () => {
    vi.stubGlobal('fetch', respond(502, undefined));
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  test('204 resolves to undefined', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(apiRequest('/clipboard/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
