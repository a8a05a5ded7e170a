import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TOKENS_PER_USER_MAX } from '@clipsync/shared';
import type { TestUser } from '../../../test/factories';
import { deviceAuthorizations, personalAccessTokens, users } from '../../db/schema';
import { createTokensContext } from '../tokens/tokens.context';
import * as tokensService from '../tokens/tokens.service';

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
  /** A request from a given client address (inject's own is 127.0.0.1). */
  const from = (remoteAddress: string, url: string, payload: object, user?: TestUser) =>
    testApp.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload,
      headers: user ? { authorization: `Bearer ${user.tokens.access_token}` } : {},
    });
  /** Each device asks from its own address: codes are limited to a few a minute per address. */
  let devices = 0;
  const startCode = async (body: object = { clientName: 'clipsync on laptop' }) => {
    devices += 1;
    const res = await from(`192.0.2.${devices}`, '/api/device/code', body);
    expect(res.statusCode).toBe(200);
    return res.json<{ device_code: string; user_code: string; verification_uri_complete: string }>();
  };

  const poll = (deviceCode: string) => testApp.as(null).post('/api/device/token', { device_code: deviceCode });
  const decide = (user: TestUser, action: 'lookup' | 'deny', userCode: string) =>
    testApp.as(user).post(`/api/device/${action}`, { userCode });
  /** Approves with the scopes the user left ticked (all the device asked for, unless told). */
  const approve = (user: TestUser, userCode: string, scopes: string[] = ['clips:read', 'clips:write']) =>
    testApp.as(user).post('/api/device/approve', { userCode, scopes });

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
    expect((await approve(owner, user_code)).statusCode).toBe(204);
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
    expect((await approve(owner, user_code, ['clips:read', 'rooms'])).statusCode).toBe(204);

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
    expect((await approve(owner, user_code)).statusCode).toBe(404);
  });

  test('polls at once after approval: exactly one gets the token', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode();
    await approve(owner, user_code);
    const answers = await Promise.all([poll(device_code), poll(device_code), poll(device_code)]);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens).toHaveLength(1);
  });

  test('an account disabled after approving: its device is refused and no token is made', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode();
    expect((await approve(owner, user_code)).statusCode).toBe(204);
    // Disabled by hand, past the console (which also denies the approval): the token's issue still refuses.
    await testApp.context.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.id));

    expect((await poll(device_code)).json()).toMatchObject({ error: 'access_denied', code: 'ACCESS_DENIED' });
    const tokens = await testApp.context.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, owner.id));
    expect(tokens).toHaveLength(0);
    const [row] = await testApp.context.db
      .select({ status: deviceAuthorizations.status })
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.approvedBy, owner.id));
    expect(row?.status).toBe('denied');
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
    const approval = { userCode: user_code, scopes: ['clips:read'] };
    expect((await testApp.as(null).post('/api/device/approve', approval)).statusCode).toBe(401);
    const minted = await testApp.as(owner).post('/api/tokens', { name: 't', scopes: ['clips:read', 'rooms'] });
    const caller = { tokens: { access_token: minted.json().token as string } };
    const refused = await testApp.as(caller).post('/api/device/approve', approval);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TOKEN_NOT_ALLOWED');
  });

  test('the name a device gives itself loses its control and bidirectional characters, on the page and the token', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode({
      clientName: 'ClipSync for Windows (official) \u202Eevil\u2066\nnext\u009Bline\u0007',
      scopes: ['clips:read'],
    });
    const cleaned = 'ClipSync for Windows (official) evil next line';
    expect((await decide(owner, 'lookup', user_code)).json().clientName).toBe(cleaned);
    await approve(owner, user_code, ['clips:read']);
    expect((await poll(device_code)).statusCode).toBe(200);
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens[0].name).toBe(cleaned);
  });

  test('the approving browser is told when the sign-in started and whether from its own network, never the address', async () => {
    const owner = await testApp.factory.user();
    const before = Date.now();
    const started = await from('203.0.113.7', '/api/device/code', { clientName: 'laptop' });
    const { user_code } = started.json<{ user_code: string }>();
    const sameNetwork = await from('203.0.113.7', '/api/device/lookup', { userCode: user_code }, owner);
    expect(sameNetwork.json()).toMatchObject({ network: 'same' });
    const requestedAt = Date.parse(sameNetwork.json().requestedAt);
    expect(requestedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(requestedAt).toBeLessThanOrEqual(Date.now());
    const elsewhere = await from('198.51.100.9', '/api/device/lookup', { userCode: user_code }, owner);
    expect(elsewhere.json()).toMatchObject({ network: 'different' });
    // Behind a proxy the server was not told to trust, the network is unknown rather than the proxy's.
    const proxied = await testApp.app.inject({
      method: 'POST',
      url: '/api/device/lookup',
      remoteAddress: '203.0.113.7',
      payload: { userCode: user_code },
      headers: { authorization: `Bearer ${owner.tokens.access_token}`, 'x-forwarded-for': '192.0.2.1' },
    });
    expect(proxied.json()).toMatchObject({ network: 'unknown' });
    const [row] = await testApp.context.db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCode, user_code.replace('-', '')));
    expect(row?.networkFingerprint).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain('203.0.113');
  });

  test('a device can never ask for, nor an admin approve, the admin scope (400)', async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    devices += 1;
    const asked = await from(`192.0.2.${devices}`, '/api/device/code', {
      clientName: 'wants admin',
      scopes: ['admin'],
    });
    expect(asked.statusCode).toBe(400);
    const { user_code } = await startCode({ clientName: 'asks for clips', scopes: ['clips:read'] });
    expect((await approve(admin, user_code, ['admin'])).statusCode).toBe(400);
  });

  test('the token gets only the scopes the user approved, each one the device asked for', async () => {
    const owner = await testApp.factory.user();
    const { device_code, user_code } = await startCode({
      clientName: 'asks for everything',
      scopes: ['clips:read', 'clips:write', 'desktop', 'rooms'],
    });
    expect((await testApp.as(owner).post('/api/device/approve', { userCode: user_code })).statusCode).toBe(400);
    expect((await testApp.as(owner).post('/api/device/approve', { userCode: user_code, scopes: [] })).statusCode).toBe(
      400,
    );
    expect((await approve(owner, user_code, ['clips:read'])).statusCode).toBe(204);
    const granted = await poll(device_code);
    expect(granted.json()).toMatchObject({ scope: 'clips:read' });
    const caller = { tokens: { access_token: granted.json().access_token as string } };
    expect((await testApp.as(caller).get('/api/clipboard/history')).statusCode).toBe(200);
    expect((await testApp.as(caller).get('/api/rooms')).statusCode).toBe(403);
    expect((await testApp.as(caller).get('/api/virtual-desktop')).statusCode).toBe(403);

    const narrow = await startCode({ clientName: 'asks for clips', scopes: ['clips:read'] });
    const widened = await approve(owner, narrow.user_code, ['clips:read', 'rooms']);
    expect(widened.statusCode).toBe(400);
    expect(widened.json().code).toBe('VALIDATION_FAILED');
    expect((await decide(owner, 'lookup', narrow.user_code)).json().scopes).toEqual(['clips:read']);
  });

  test('wrong codes count per account from an address, per account, and per address with a far higher ceiling', async () => {
    const guesser = await testApp.factory.user();
    const rightful = await testApp.factory.user();
    const { user_code } = await startCode();
    const tryCode = (user: TestUser, userCode: string, remoteAddress: string) =>
      from(remoteAddress, '/api/device/lookup', { userCode }, user);
    // Ten wrong codes lock the guesser out from that address, even with a right code.
    for (let i = 0; i < 10; i += 1) expect((await tryCode(guesser, 'BBBB-BBBB', '203.0.113.10')).statusCode).toBe(404);
    const blocked = await tryCode(guesser, user_code, '203.0.113.10');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
    // The rightful user behind the same address (an office's NAT) is not locked out by them.
    expect((await tryCode(rightful, user_code, '203.0.113.10')).statusCode).toBe(200);
    // The guesser's account has a ceiling across addresses: 30 in all.
    for (let i = 0; i < 20; i += 1)
      expect((await tryCode(guesser, 'BBBB-BBBB', `203.0.113.${20 + i}`)).statusCode).toBe(404);
    expect((await tryCode(guesser, user_code, '198.51.100.1')).statusCode).toBe(429);
    expect((await tryCode(rightful, user_code, '198.51.100.1')).statusCode).toBe(200);
  });

  test('a hundred wrong codes from one address lock it for every account there', async () => {
    const { user_code } = await startCode();
    const users = await Promise.all(Array.from({ length: 10 }, () => testApp.factory.user()));
    const newcomer = await testApp.factory.user();
    const tryCode = (user: TestUser, userCode: string, remoteAddress: string) =>
      from(remoteAddress, '/api/device/lookup', { userCode }, user);
    for (const user of users) {
      for (let i = 0; i < 10; i += 1) await tryCode(user, 'CCCC-CCCC', '198.51.100.50');
    }
    expect((await tryCode(newcomer, user_code, '198.51.100.50')).statusCode).toBe(429);
    expect((await tryCode(newcomer, user_code, '198.51.100.51')).statusCode).toBe(200);
  });
});
