import { TOKEN_ENDPOINTS, type SocketAck, type TokenScope } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { connectSocket, nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';
import { personalAccessTokens } from '../../db/schema';
import { hashToken } from '../../lib/secure-tokens';
import { createTokensContext } from './tokens.context';
import * as tokensService from './tokens.service';
import { inBackground } from '../../../test/waits';

type AckResult = Parameters<SocketAck>[0];

describe('personal access tokens', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  /** A caller holding a personal token, for `testApp.as`. */
  const bearer = (token: string) => ({ tokens: { access_token: token } });
  const create = async (owner: TestUser, scopes: TokenScope[], extra: { expiresInDays?: number } = {}) => {
    const res = await testApp.as(owner).post('/api/tokens', { name: 'laptop', scopes, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; token: string }>();
  };
  /** Made through the service, past the creations-per-minute limit, for tests that are not about creating. */
  const mint = (owner: TestUser, scopes: TokenScope[]) =>
    tokensService.createToken(
      createTokensContext(testApp.context),
      { userId: owner.id, sessionId: 'test', expiresAt: Date.now() / 1000 + 3600 },
      { name: 'minted', scopes },
    );
  const emitWithAck = (socket: TestSocket, event: 'clip:join' | 'room:join', payload: object) =>
    new Promise<AckResult>((resolve) => socket.emit(event, payload as { clipId: string; roomId: string }, resolve));

  test('created once as csp_…, stored as its SHA-256 only, listed without it', async () => {
    const owner = await testApp.factory.user();
    const res = await testApp.as(owner).post('/api/tokens', { name: 'CI', scopes: ['clips:read'], expiresInDays: 30 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.token).toMatch(/^csp_[0-9A-Za-z]{36}$/);
    expect(created).toMatchObject({ name: 'CI', scopes: ['clips:read'], source: 'manual', lastUsedAt: null });
    expect(new Date(created.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const [row] = await testApp.context.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await testApp.as(owner).get('/api/tokens');
    expect(list.statusCode).toBe(200);
    const { token: _shownOnce, ...summary } = created;
    expect(list.json().tokens).toEqual([summary]);
    expect(list.body).not.toContain(created.token);
  });

  test('a token calls what its scopes allow, and its last use is kept (once a minute, coarse client)', async () => {
    const owner = await testApp.factory.user();
    const { id, token } = await create(owner, ['clips:read']);
    const history = await testApp.as(bearer(token)).inject('GET', '/api/clipboard/history', undefined, {
      'user-agent': 'curl/8.5.0',
    });
    expect(history.statusCode).toBe(200);
    // A token is never swapped for a session's token, which could do more than its scopes.
    expect(history.headers['x-access-token']).toBeUndefined();

    const listed = async () =>
      (await testApp.as(owner).get('/api/tokens')).json<{ tokens: Array<Record<string, unknown>> }>().tokens[0]!;
    await vi.waitFor(async () => expect((await listed()).lastUsedClient).toBe('curl'), inBackground);
    const first = (await listed()).lastUsedAt;
    expect(first).not.toBeNull();
    await testApp.as(bearer(token)).inject('GET', '/api/clipboard/history', undefined, { 'user-agent': 'Firefox/1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listed()).toMatchObject({ id, lastUsedAt: first, lastUsedClient: 'curl' });
  });

  test('signed out: listing, creating and revoking are refused with 401', async () => {
    expect((await testApp.as(null).get('/api/tokens')).statusCode).toBe(401);
    expect((await testApp.as(null).post('/api/tokens', { name: 'x', scopes: ['rooms'] })).statusCode).toBe(401);
    expect((await testApp.as(null).delete('/api/tokens/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(401);
  });

  test("another user's token is neither listed nor revocable (404), nor a forged id; a bad id is 400", async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const { id, token } = await create(owner, ['clips:read']);
    expect((await testApp.as(stranger).get('/api/tokens')).json().tokens).toEqual([]);
    const refused = await testApp.as(stranger).delete(`/api/tokens/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect((await testApp.as(owner).delete('/api/tokens/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await testApp.as(owner).delete('/api/tokens/not-an-id')).statusCode).toBe(400);
    expect((await testApp.as(bearer(token)).get('/api/clipboard/history')).statusCode).toBe(200);
  });

  test('invalid bodies are refused: no scope, an unknown scope, a scope twice, an expiry too far', async () => {
    const owner = await testApp.factory.user();
    for (const body of [
      { name: 'a', scopes: [] },
      { name: 'a', scopes: ['everything'] },
      { name: 'a', scopes: ['rooms', 'rooms'] },
      { name: ' ', scopes: ['rooms'] },
      { name: 'a', scopes: ['rooms'], expiresInDays: 366 },
    ]) {
      expect((await testApp.as(owner).post('/api/tokens', body)).statusCode).toBe(400);
    }
  });

  test('only an admin may create a token with the admin scope (403 ADMIN_ONLY for anyone else)', async () => {
    const user = await testApp.factory.user();
    const refused = await testApp.as(user).post('/api/tokens', { name: 'console', scopes: ['admin'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ONLY' });

    const admin = await testApp.factory.user({ role: 'admin' });
    const created = await testApp
      .api(admin)
      .call(TOKEN_ENDPOINTS.create, { body: { name: 'console', scopes: ['admin'] } });
    expect(created.scopes).toEqual(['admin']);
  });

  describe('scopes', () => {
    let owner: TestUser;
    let clipId: string;
    beforeAll(async () => {
      owner = await testApp.factory.user();
      clipId = (await testApp.factory.clip({ owner, content: 'hello' })).id;
    });

    test.each<[string, TokenScope, 'GET' | 'POST', string, object | undefined]>([
      ['reading clips', 'clips:read', 'GET', '/api/clipboard/history', undefined],
      ['writing clips', 'clips:write', 'POST', '/api/clipboard', { content: 'from a script' }],
      ['rooms', 'rooms', 'GET', '/api/rooms', undefined],
      ['the desktop', 'desktop', 'GET', '/api/virtual-desktop', undefined],
    ])('%s needs %s: 403 INSUFFICIENT_SCOPE naming it without, allowed with', async (_n, scope, method, url, body) => {
      const others = (['clips:read', 'clips:write', 'desktop', 'rooms'] as const).filter((held) => held !== scope);
      const without = await mint(owner, [...others]);
      const refused = await testApp.as(bearer(without.token)).inject(method, url, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
      expect(refused.json().error).toContain(scope);
      const withIt = await mint(owner, [scope]);
      expect((await testApp.as(bearer(withIt.token)).inject(method, url, body)).statusCode).toBeLessThan(300);
    });

    test('a file upload by multipart POST (beside the raw PUT) needs clips:write', async () => {
      const reader = await mint(owner, ['clips:read']);
      const form = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('hi'));
      const res = await testApp.app.inject({
        method: 'POST',
        url: `/api/clipboard/${clipId}/files`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${reader.token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_SCOPE');
    });

    test.each<[string, 'GET' | 'POST' | 'DELETE', string, object | undefined]>([
      ['listing tokens', 'GET', '/api/tokens', undefined],
      ['creating a token', 'POST', '/api/tokens', { name: 'more', scopes: ['rooms'] }],
      ['revoking a token', 'DELETE', '/api/tokens/AAAAAAAAAAAAAAAAAAAAAA', undefined],
      ['the account', 'GET', '/api/auth/me', undefined],
      ['signing out', 'POST', '/api/auth/logout', undefined],
      ['billing', 'GET', '/api/billing', undefined],
    ])('%s refuses any token with 403 TOKEN_NOT_ALLOWED', async (_n, method, url, body) => {
      const all = await mint(owner, ['clips:read', 'clips:write', 'desktop', 'rooms']);
      const res = await testApp.as(bearer(all.token)).inject(method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TOKEN_NOT_ALLOWED');
    });

    // A public route declares no bearer (its OpenAPI operation has no security): a token is not refused
    // there, whatever its scopes, and the answer is the one anyone signed out gets.
    test.each<[string, 'GET' | 'POST', string, object | undefined, number]>([
      ['the health check', 'GET', '/api/health', undefined, 200],
      ['billing’s configuration', 'GET', '/api/billing/config', undefined, 200],
      ['signing in', 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'not-the-password' }, 401],
      ['asking a device code', 'POST', '/api/device/code', { clientName: 'a CLI', scopes: ['clips:read'] }, 200],
      [
        'a room link’s preview',
        'POST',
        '/api/rooms/link-preview',
        { kind: 'join', token: 'AAAAAAAAAAAAAAAAAAAAAA' },
        404,
      ],
    ])('%s, public, answers a token as if signed out', async (_n, method, url, body, status) => {
      // Without `rooms`, which the link preview's entry names: a public route asks no scope either.
      const clipsOnly = await mint(owner, ['clips:read']);
      const signedOut = await testApp.as(null).inject(method, url, body);
      const withToken = await testApp.as(bearer(clipsOnly.token)).inject(method, url, body);
      expect(signedOut.statusCode).toBe(status);
      expect(withToken.statusCode).toBe(status);
      if (status >= 400) expect(withToken.json().code).toBe(signedOut.json().code);
    });

    test('socket events follow the same scopes', async () => {
      const clipsOnly = await mint(owner, ['clips:read']);
      const room = await testApp.factory.room({ owner });
      const socket = await sockets.connect(baseUrl, { token: clipsOnly.token });
      expect(await emitWithAck(socket, 'clip:join', { clipId })).toEqual({ ok: true });
      expect(await emitWithAck(socket, 'room:join', { roomId: room.id })).toMatchObject({
        ok: false,
        code: 'INSUFFICIENT_SCOPE',
      });
      const roomsOnly = await sockets.connect(baseUrl, { token: (await mint(owner, ['rooms'])).token });
      expect(await emitWithAck(roomsOnly, 'room:join', { roomId: room.id })).toEqual({ ok: true });
      expect(await emitWithAck(roomsOnly, 'clip:join', { clipId })).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    });

    test("a saved clip's content reaches the owner's sockets that may read clips, never a rooms-only token's", async () => {
      const reader = await sockets.connect(baseUrl, { token: (await mint(owner, ['clips:read'])).token });
      const roomsOnly = await sockets.connect(baseUrl, { token: (await mint(owner, ['rooms'])).token });
      const heardByRoomsOnly: unknown[] = [];
      roomsOnly.on('clip-update', (payload) => heardByRoomsOnly.push(payload));
      const heard = nextEvent(reader, 'clip-update');
      const saved = await testApp.as(owner).inject('PUT', `/api/clipboard/${clipId}`, { content: 'a private note' });
      expect(saved.statusCode).toBe(200);
      expect((await heard).content).toBe('a private note');
      // Both sockets were sent what they hear in the same round; a moment more lets a stray one arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByRoomsOnly).toEqual([]);
    });

    test("a new clip reaches the owner's sockets that may read clips, never a rooms-only token's nor a stranger's", async () => {
      const reader = await sockets.connect(baseUrl, { token: (await mint(owner, ['clips:read'])).token });
      const roomsOnly = await sockets.connect(baseUrl, { token: (await mint(owner, ['rooms'])).token });
      const stranger = await sockets.connect(baseUrl, { token: (await testApp.factory.user()).tokens.access_token });
      const heardElsewhere: unknown[] = [];
      roomsOnly.on('clip-created', (payload) => heardElsewhere.push(payload));
      stranger.on('clip-created', (payload) => heardElsewhere.push(payload));
      const heard = nextEvent(reader, 'clip-created');
      const writer = await mint(owner, ['clips:write']);
      const created = await testApp
        .as(bearer(writer.token))
        .post('/api/clipboard', { content: 'copied on the laptop' });
      expect(created.statusCode).toBe(201);
      const clip = created.json<{ id: string; createdAt: string }>();
      expect(await heard).toEqual({
        clipId: clip.id,
        content: 'copied on the laptop',
        version: expect.any(Number),
        files: [],
        createdAt: clip.createdAt,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardElsewhere).toEqual([]);
    });
  });

  test("a token's socket stays open however far its expiry (no timer overflow closing it at once)", async () => {
    const owner = await testApp.factory.user();
    const clipId = (await testApp.factory.clip({ owner })).id;
    for (const extra of [{ expiresInDays: 30 }, {}]) {
      const socket = await sockets.connect(baseUrl, { token: (await create(owner, ['clips:read'], extra)).token });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(socket.connected).toBe(true);
      expect(await emitWithAck(socket, 'clip:join', { clipId })).toEqual({ ok: true });
    }
  });

  test('revoking ends the token at once: HTTP refused, its socket closed, a new socket refused', async () => {
    const owner = await testApp.factory.user();
    const { id, token } = await create(owner, ['clips:read']);
    const socket = await connectSocket(baseUrl, { token });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    expect((await testApp.as(bearer(token)).get('/api/clipboard/history')).statusCode).toBe(200);

    expect((await testApp.as(owner).delete(`/api/tokens/${id}`)).statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
    expect((await testApp.as(bearer(token)).get('/api/clipboard/history')).statusCode).toBe(401);
    await expect(connectSocket(baseUrl, { token })).rejects.toThrow();
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens).toEqual([]);
    expect((await testApp.as(owner).delete(`/api/tokens/${id}`)).statusCode).toBe(404);
    // The owner's browser session is untouched.
    expect((await testApp.as(owner).get('/api/auth/me')).statusCode).toBe(200);
  });

  test('a token near its expiry is never swapped for a session token (no x-access-token)', async () => {
    const owner = await testApp.factory.user();
    const { token } = await create(owner, ['clips:read'], { expiresInDays: 1 });
    vi.useFakeTimers({ now: Date.now() + 86_400_000 - 5 * 60_000, toFake: ['Date'] });
    try {
      const res = await testApp.as(bearer(token)).get('/api/clipboard/history');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-access-token']).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  test('an expired token is refused', async () => {
    const owner = await testApp.factory.user();
    const { token } = await create(owner, ['clips:read'], { expiresInDays: 1 });
    vi.useFakeTimers({ now: Date.now() + 2 * 86_400_000, toFake: ['Date'] });
    try {
      expect((await testApp.as(bearer(token)).get('/api/clipboard/history')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a token is never read from the URL, and a made-up or mistyped one is refused', async () => {
    const owner = await testApp.factory.user();
    const { token } = await create(owner, ['clips:read']);
    for (const query of ['access_token', 'token']) {
      expect((await testApp.as(null).get(`/api/clipboard/history?${query}=${token}`)).statusCode).toBe(401);
    }
    const guest = await sockets.connect(baseUrl, { query: { token } });
    const room = await testApp.factory.room({ owner, isPrivate: true });
    expect(await emitWithAck(guest, 'room:join', { roomId: room.id })).toMatchObject({ ok: false });
    const mistyped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect((await testApp.as(bearer(mistyped)).get('/api/clipboard/history')).statusCode).toBe(401);
    await expect(connectSocket(baseUrl, { token: mistyped })).rejects.toThrow();
  });

  test('ten creations a minute per account, then 429', async () => {
    const owner = await testApp.factory.user();
    for (let i = 0; i < 10; i += 1) await create(owner, ['rooms']);
    const res = await testApp.as(owner).post('/api/tokens', { name: 'eleventh', scopes: ['rooms'] });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    const other = await testApp.factory.user();
    await create(other, ['rooms']);
  });

  test('at most 50 tokens a user, even when created at once: then 409 TOKEN_LIMIT_REACHED', async () => {
    const owner = await testApp.factory.user();
    const ctx = createTokensContext(testApp.context);
    const actor = { userId: owner.id, sessionId: 'test', expiresAt: Date.now() / 1000 + 3600 };
    for (let i = 0; i < 47; i += 1) await tokensService.createToken(ctx, actor, { name: `t${i}`, scopes: ['rooms'] });
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => tokensService.createToken(ctx, actor, { name: `r${i}`, scopes: ['rooms'] })),
    );
    expect(racing.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const res = await testApp.as(owner).post('/api/tokens', { name: 'one more', scopes: ['rooms'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOKEN_LIMIT_REACHED');
    // A revoked token frees its place.
    const { tokens } = (await testApp.as(owner).get('/api/tokens')).json<{ tokens: Array<{ id: string }> }>();
    expect(tokens).toHaveLength(50);
    expect((await testApp.as(owner).delete(`/api/tokens/${tokens[0]!.id}`)).statusCode).toBe(204);
    expect((await testApp.as(owner).post('/api/tokens', { name: 'again', scopes: ['rooms'] })).statusCode).toBe(201);
  });
});
