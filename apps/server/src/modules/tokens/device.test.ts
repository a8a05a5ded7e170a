import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TOKENS_PER_USER_MAX } from '@clipsync/shared';
import type { TestUser } from '../../../test/factories';
import { createTokensContext } from './tokens.context';
import * as tokensService from './tokens.service';

describe('device sign-in (RFC 8628)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.useRealTimers());

  /** Moves the clock past the polling interval, as a well-behaved client waits. */
  const advance = (ms: number) => vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] });
  const waitInterval = () => advance(6000);
  const startCode = async (body: object = { clientName: 'clipsync on laptop' }) => {
    const res = await testApp.as(null).post('/api/device/code', body);
    expect(res.statusCode).toBe(200);
    return res.json<{ device_code: string; user_code: string; verification_uri_complete: string }>();
  };
  const poll = (deviceCode: string) => testApp.as(null).post('/api/device/token', { device_code: deviceCode });
  const decide = (user: TestUser, action: 'lookup' | 'approve' | 'deny', userCode: string) =>
    testApp.as(user).post(`/api/device/${action}`, { userCode });

  test('a code: device code, XXXX-XXXX user code without look-alikes, the links, 600 s and 5 s', async () => {
    const res = await testApp.as(null).post('/api/device/code', { clientName: 'clipsync on laptop' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user_code).toMatch(/^[BCDFGHJKMNPQRTVWXY34]{4}-[BCDFGHJKMNPQRTVWXY34]{4}$/);
    expect(body.device_code.length).toBeGreaterThanOrEqual(40);
    expect(body.verification_uri).toMatch(/^https?:\/\/[^/]+\/device$/);
    expect(body.verification_uri_complete).toBe(`${body.verification_uri}?code=${body.user_code}`);
    expect(body).toMatchObject({ expires_in: 600, interval: 5 });
  });

  test('pending, then slow_down when polled faster than the interval, in RFC 8628 shape with a code', async () => {
    const { device_code } = await startCode();
    const pending = await poll(device_code);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ error: 'authorization_pending', code: 'AUTHORIZATION_PENDING' });
    expect(pending.json().error_description).toEqual(expect.any(String));
    const early = await poll(device_code);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'slow_down', code: 'SLOW_DOWN' });
    waitInterval();
    expect((await poll(device_code)).json().error).toBe('authorization_pending');
  });

  test('a user holding the most tokens allowed keeps the approval: the device gets its token once one is revoked', async () => {
    const owner = await testApp.factory.user();
    const tokens = createTokensContext(testApp.context);
    const actor = { userId: owner.id, sessionId: 'test', expiresAt: Date.now() / 1000 + 3600 };
    const held = [];
    for (let i = 0; i < TOKENS_PER_USER_MAX; i += 1) {
      held.push(await tokensService.createToken(tokens, actor, { name: `token ${i}`, scopes: ['rooms'] }));
    }
    const { device_code, user_code } = await startCode({ clientName: 'one too many' });
    expect((await decide(owner, 'approve', user_code)).statusCode).toBe(204);
    const refused = await poll(device_code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TOKEN_LIMIT_REACHED');

    expect((await testApp.as(owner).delete(`/api/tokens/${held[0]?.id}`)).statusCode).toBe(204);
    waitInterval();
    const granted = await poll(device_code);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().access_token).toMatch(/^csp_/);
  });

  test('approved in the browser: the device gets a working token named after it, once', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode({ clientName: 'work laptop', scopes: ['clips:read', 'rooms'] });
    const looked = await decide(owner, 'lookup', user_code.toLowerCase().replace('-', ' '));
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({
      userCode: user_code,
      clientName: 'work laptop',
      scopes: ['clips:read', 'rooms'],
    });
    expect((await decide(owner, 'approve', user_code)).statusCode).toBe(204);

    const granted = await poll(device_code);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ token_type: 'bearer', scope: 'clips:read rooms' });
    const token = granted.json().access_token as string;
    expect(token).toMatch(/^csp_/);
    const caller = { tokens: { access_token: token } };
    expect((await testApp.as(caller).get('/api/rooms')).statusCode).toBe(200);
    expect((await testApp.as(caller).post('/api/clipboard', { content: 'x' })).statusCode).toBe(403);
    const listed = (await testApp.as(owner).get('/api/tokens')).json().tokens;
    expect(listed).toEqual([expect.objectContaining({ name: 'work laptop', source: 'device' })]);

    waitInterval();
    expect((await poll(device_code)).json()).toMatchObject({ error: 'invalid_grant', code: 'INVALID_GRANT' });
    expect((await decide(owner, 'approve', user_code)).statusCode).toBe(404);
  });

  test('polls at once after approval: exactly one gets the token', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode();
    await decide(owner, 'approve', user_code);
    const answers = await Promise.all([poll(device_code), poll(device_code), poll(device_code)]);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens).toHaveLength(1);
  });

  test('denied: access_denied, and no token', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode();
    expect((await decide(owner, 'deny', user_code)).statusCode).toBe(204);
    expect((await poll(device_code)).json()).toMatchObject({ error: 'access_denied', code: 'ACCESS_DENIED' });
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens).toEqual([]);
  });

  test('expired after ten minutes: expired_token, and the browser no longer finds it', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode();
    advance(601_000);
    expect((await poll(device_code)).json()).toMatchObject({ error: 'expired_token', code: 'EXPIRED_TOKEN' });
    expect((await decide(owner, 'lookup', user_code)).statusCode).toBe(404);
  });

  test('an unknown device code is invalid_grant', async () => {
    const res = await poll('made-up');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  test('only a signed-in browser session approves: signed out 401, a token 403 TOKEN_NOT_ALLOWED', async () => {
    const owner = await testApp.factory.user();
    const { user_code } = await startCode();
    expect((await testApp.as(null).post('/api/device/approve', { userCode: user_code })).statusCode).toBe(401);
    const minted = await testApp.as(owner).post('/api/tokens', { name: 't', scopes: ['clips:read', 'rooms'] });
    const caller = { tokens: { access_token: minted.json().token as string } };
    const refused = await testApp.as(caller).post('/api/device/approve', { userCode: user_code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TOKEN_NOT_ALLOWED');
  });

  test('guessing user codes is limited per account and per address (429), even for a right code', async () => {
    const guesser = await testApp.factory.user();
    const neighbour = await testApp.factory.user();
    const { user_code } = await startCode();
    const tryCode = (user: TestUser, userCode: string, remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/device/lookup',
        remoteAddress,
        payload: { userCode },
        headers: { authorization: `Bearer ${user.tokens.access_token}` },
      });
    for (let i = 0; i < 10; i += 1) {
      expect((await tryCode(guesser, 'BBBB-BBBB', `10.0.${i}.1`)).statusCode).toBe(404);
    }
    const blocked = await tryCode(guesser, user_code, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    // Per address: the guesses from one address stop another account there too.
    for (let i = 0; i < 10; i += 1) await tryCode(neighbour, 'CCCC-CCCC', '10.1.1.1');
    const other = await testApp.factory.user();
    expect((await tryCode(other, user_code, '10.1.1.1')).statusCode).toBe(429);
    expect((await tryCode(other, user_code, '10.2.2.2')).statusCode).toBe(200);
  });
});
