import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app';
import { connectSocket } from '../../../test/socket-client';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { signAccessToken } from '../../lib/access-token';
import { REFRESH_REUSE_GRACE_MS } from './sessions.service';

/** The token with one signature character changed, always to a different one. */
function tamperSignature(token: string): string {
  const at = token.lastIndexOf('.') + 10;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

describe('sessions: refresh rotation, revocation, logout', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const refresh = (token: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-refresh-token': token } });
  const me = (accessToken: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  test('refresh rotates: new pair, the new access token works', async () => {
    const user = await testApp.factory.user();
    const res = await refresh(user.tokens.refresh_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refreshToken).not.toBe(user.tokens.refresh_token);
    expect(body.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect((await me(body.accessToken)).statusCode).toBe(200);
  });

  test('presenting a rotated token after the grace period revokes the whole family', async () => {
    const user = await testApp.factory.user();
    const child = (await refresh(user.tokens.refresh_token)).json();
    vi.useFakeTimers({ now: Date.now() + REFRESH_REUSE_GRACE_MS + 1000, toFake: ['Date'] });
    try {
      expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await refresh(child.refreshToken)).statusCode).toBe(401);
    expect((await me(child.accessToken)).statusCode).toBe(401);
  });

  test('a client that lost the response gets the same child within the grace period', async () => {
    const user = await testApp.factory.user();
    const first = (await refresh(user.tokens.refresh_token)).json();
    const retry = await refresh(user.tokens.refresh_token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refreshToken).toBe(first.refreshToken);
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
  });

  test('concurrent refreshes with one token never yield two live children', async () => {
    const user = await testApp.factory.user();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(user.tokens.refresh_token)));
    const children = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().refreshToken));
    expect(children.size).toBe(1);
  });

  test('logout ends the session at once for HTTP and for its open sockets', async () => {
    const user = await testApp.factory.user();
    const socket = await connectSocket(await listenOnce(), { token: user.tokens.access_token });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect((await me(user.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(user.tokens.refresh_token)).statusCode).toBe(401);
    await expect(connectSocket(await listenOnce(), { token: user.tokens.access_token })).rejects.toThrow();
  });

  test.each([
    ['missing', undefined],
    // A character in the middle of the signature: its last ones may be base64 padding bits that change nothing.
    ['tampered', async (token: string) => tamperSignature(token)],
    ['expired', async () => signAccessToken(TEST_JWT_SECRET, { userId: 'u', sessionId: 's' }, -5)],
    [
      'alg none',
      async () => {
        const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
        return `${encode({ alg: 'none' })}.${encode({ sub: 'u', sid: 's', typ: 'access', exp: 9_999_999_999 })}.`;
      },
    ],
    [
      'wrong type',
      async () =>
        new SignJWT({ sid: 's', typ: 'refresh' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('u')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
    ],
  ])('%s access token → 401 on /api/auth/me', async (_name, makeToken) => {
    const user = await testApp.factory.user();
    const headers = makeToken ? { authorization: `Bearer ${await makeToken(user.tokens.access_token)}` } : undefined;
    const res = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('an access token close to expiry is renewed on the response; a fresh one is not', async () => {
    const user = await testApp.factory.user();
    const fresh = await me(user.tokens.access_token);
    expect(fresh.headers['x-access-token']).toBeUndefined();

    const sessionId = JSON.parse(Buffer.from(user.tokens.access_token.split('.')[1] ?? '', 'base64url').toString()).sid;
    const ageing = await signAccessToken(TEST_JWT_SECRET, { userId: user.id, sessionId }, 120);
    const renewed = await me(ageing);
    const renewedToken = String(renewed.headers['x-access-token']);
    expect(renewedToken.split('.')).toHaveLength(3);
    expect((await me(renewedToken)).statusCode).toBe(200);
  });

  test("a session made by a sign-in racing its account's disable is refused at once, and no new one starts", async () => {
    const user = await testApp.factory.user();
    const raced = await testApp.factory.session(user);
    // The disable has committed, its revocations ran before this session's: the session is still unrevoked.
    await testApp.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(raced.access_token)).statusCode).toBe(401);
    await expect(testApp.factory.session(user)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  test('refresh without or with a garbage token is 400 / 401, never 500', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(400);
    expect((await refresh('garbage')).statusCode).toBe(401);
  });

  let baseUrl: string | undefined;
  async function listenOnce(): Promise<string> {
    baseUrl ??= await testApp.listen();
    return baseUrl;
  }
});
