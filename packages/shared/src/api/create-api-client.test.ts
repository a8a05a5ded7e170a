import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { AUTH_ENDPOINTS, CLIP_ENDPOINTS, ROOM_ENDPOINTS } from './endpoints';
import { ApiError } from './api-error';
import { createApiClient } from './create-api-client';
import { AnswerOutsideContractError } from './refusal';

/** What the tiny server last saw, and how it answers the next request. */
let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string } = {
  headers: {},
  body: '',
};
let answer: (response: ServerResponse) => void = (response) => response.end();

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    seen = { method: request.method, url: request.url, headers: request.headers, body };
    answer(response);
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

const stats = { totalClips: 3, filesShared: 1, favoritesCount: 0 };

describe('createApiClient over a real port', () => {
  test('sends JSON with the per-request headers and returns the answer', async () => {
    const client = createApiClient({ baseUrl, headers: () => ({ Authorization: 'Bearer t1' }), checkAnswers: true });
    answer = json(201, { id: 'c1' });
    const created = await client
      .call(CLIP_ENDPOINTS.create, { body: { content: 'hi' } })
      .catch((error: unknown) => error);
    expect(seen).toMatchObject({ method: 'POST', url: '/api/clipboard', body: '{"content":"hi"}' });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer t1', 'content-type': 'application/json' });
    // { id } alone is not a clip: the check refuses it.
    expect(created).toBeInstanceOf(AnswerOutsideContractError);
  });

  test('fills and encodes path parameters, and encodes the typed query in its key order', async () => {
    const client = createApiClient({ baseUrl });
    answer = (response) => response.writeHead(204).end();
    await client.call(CLIP_ENDPOINTS.remove, { params: { id: 'clip/1' } });
    expect(seen.url).toBe('/api/clipboard/clip%2F1');
    answer = json(200, []);
    await client.call(CLIP_ENDPOINTS.history, {
      query: { limit: 20, offset: 40, search: 'a b&c', type: undefined, favorite: 'true' },
    });
    expect(seen.url).toBe('/api/clipboard/history?limit=20&offset=40&search=a+b%26c&favorite=true');
  });

  test('a 204 resolves to undefined', async () => {
    answer = (response) => response.writeHead(204).end();
    await expect(createApiClient({ baseUrl }).call(CLIP_ENDPOINTS.remove, { params: { id: 'c' } })).resolves.toBe(
      undefined,
    );
  });

  test("a refusal becomes ApiError with the server's text, code and extra facts", async () => {
    answer = json(401, { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS', attemptsLeft: 2 });
    const error = await createApiClient({ baseUrl })
      .call(AUTH_ENDPOINTS.login, { body: { email: 'a@example.com', password: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid credentials', status: 401, code: 'INVALID_CREDENTIALS' });
    expect(error).toMatchObject({ attempts: { attemptsLeft: 2 }, isServerRefusal: true });
  });

  test('a refusal without the JSON body is still an ApiError, with the status line', async () => {
    answer = (response) => response.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' }).end('<h1>no</h1>');
    await expect(createApiClient({ baseUrl }).call(CLIP_ENDPOINTS.stats)).rejects.toMatchObject({
      message: '',
      status: 502,
      code: 'HTTP_ERROR',
      statusText: 'Bad Gateway',
      isServerRefusal: false,
    });
  });

  test("a newer server's refusal keeps its words and code, even with a code this client does not know", async () => {
    answer = json(403, { error: 'Sign-ups are closed', code: 'SOME_FUTURE_CODE' });
    const error = await createApiClient({ baseUrl })
      .call(CLIP_ENDPOINTS.stats)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'Sign-ups are closed', status: 403, code: 'SOME_FUTURE_CODE' });
    expect(error).toMatchObject({ isServerRefusal: true });
  });

  test('an answer outside its contract names the path called and the entry it is', async () => {
    answer = json(200, { unexpected: true });
    const error = await createApiClient({ baseUrl, checkAnswers: true })
      .call(CLIP_ENDPOINTS.get, { params: { id: 'c9' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnswerOutsideContractError);
    expect(error).toMatchObject({ method: 'GET', path: '/clipboard/c9', template: '/clipboard/:id' });
  });

  test('an entry without content answered with content is outside the contract when answers are checked', async () => {
    answer = json(200, { deleted: true });
    const call = (checkAnswers: boolean) =>
      createApiClient({ baseUrl, checkAnswers }).call(CLIP_ENDPOINTS.remove, { params: { id: 'c' } });
    await expect(call(true)).rejects.toBeInstanceOf(AnswerOutsideContractError);
    await expect(call(false)).resolves.toBe(undefined);
  });

  test('callWithHeaders gives the headers too; send gives the answer unread', async () => {
    const client = createApiClient({ baseUrl });
    answer = json(200, [], { 'x-total-count': '7' });
    const { headers } = await client.callWithHeaders(ROOM_ENDPOINTS.list, { query: { limit: 5 } });
    expect(headers.get('x-total-count')).toBe('7');
    answer = json(400, { error: 'Pending', code: 'VALIDATION_ERROR' });
    const response = await client.send(CLIP_ENDPOINTS.stats);
    expect(response.status).toBe(400);
  });

  test('urlOf is the whole address under the base path', () => {
    const client = createApiClient({ baseUrl: 'https://clips.example/sync' });
    expect(client.urlOf(CLIP_ENDPOINTS.get, { params: { id: 'c1' }, query: { refresh: 'true' } })).toBe(
      'https://clips.example/sync/api/clipboard/c1?refresh=true',
    );
  });
});

describe('createApiClient with an injected fetch', () => {
  const answers = (...responses: Response[]) => {
    const fetchMock = vi.fn<typeof fetch>();
    for (const response of responses) fetchMock.mockResolvedValueOnce(response);
    return fetchMock;
  };
  const jsonResponse = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const unauthorized = () => jsonResponse(401, { error: 'Authentication required', code: 'UNAUTHORIZED' });

  test('a 401 renews once and sends again with the new headers', async () => {
    let token = 'old';
    const fetchMock = answers(unauthorized(), jsonResponse(200, stats));
    const renew = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const client = createApiClient({
      baseUrl: '',
      fetch: fetchMock,
      headers: () => ({ Authorization: `Bearer ${token}` }),
      renewOnUnauthorized: renew,
    });
    await expect(client.call(CLIP_ENDPOINTS.stats)).resolves.toEqual(stats);
    expect(renew).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer new' });
  });

  test('a second 401 is passed on, not renewed again', async () => {
    const renew = vi.fn(async () => true);
    const client = createApiClient({
      baseUrl: '',
      fetch: answers(unauthorized(), unauthorized()),
      renewOnUnauthorized: renew,
    });
    await expect(client.call(CLIP_ENDPOINTS.stats)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(renew).toHaveBeenCalledOnce();
  });

  test('a 401 to a credential check is the answer: no renewal', async () => {
    const renew = vi.fn(async () => true);
    const fetchMock = answers(jsonResponse(401, { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchMock, renewOnUnauthorized: renew });
    await expect(
      client.call(AUTH_ENDPOINTS.login, { body: { email: 'a@example.com', password: 'x' } }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(renew).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  test('an answer outside its contract fails when answers are checked, and passes when they are not', async () => {
    const strange = { user: { id: 'u1' } };
    const checked = createApiClient({ baseUrl: '', fetch: answers(jsonResponse(200, strange)), checkAnswers: true });
    await expect(checked.call(AUTH_ENDPOINTS.me)).rejects.toThrow(/GET \/auth\/me answered outside its contract/);
    const trusting = createApiClient({ baseUrl: '', fetch: answers(jsonResponse(200, strange)) });
    await expect(trusting.call(AUTH_ENDPOINTS.me)).resolves.toEqual(strange);
  });

  test('fetch init extras and keepalive go to fetch; onResponse sees the final answer', async () => {
    const fetchMock = answers(new Response(null, { status: 204 }));
    const onResponse = vi.fn();
    const client = createApiClient({ baseUrl: '', fetch: fetchMock, init: { credentials: 'include' }, onResponse });
    await client.call(CLIP_ENDPOINTS.remove, { params: { id: 'c1' }, keepalive: true });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include', keepalive: true, method: 'DELETE' });
    expect(onResponse).toHaveBeenCalledOnce();
  });

  test('exchange sends through the given transport with the same headers and answer reading', async () => {
    const transport = vi.fn(async () => jsonResponse(200, stats));
    const client = createApiClient({ baseUrl: '', headers: () => ({ Authorization: 'Bearer t' }) });
    await expect(client.exchange(CLIP_ENDPOINTS.stats, {}, transport)).resolves.toEqual(stats);
    expect(transport).toHaveBeenCalledWith(
      '/api/clipboard/stats',
      expect.objectContaining({ Authorization: 'Bearer t' }),
    );
  });

  test('a time limit aborts a call that takes too long', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = createApiClient({ baseUrl: '', fetch: hanging, timeoutMs: 20 });
    await expect(client.call(CLIP_ENDPOINTS.stats)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
