import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { inBackground } from '../../../test/waits';

describe('auth rate limits, malformed bodies and the dev outbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const login = (email: string, ip: string, forwardedFor?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email, password: 'wrong-password' },
    });

  const loginWith = (email: string, password: string, ip: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

  test('8 wrong passwords lock that client out of the account, not the owner on another address', async () => {
    const owner = await testApp.factory.user();
    for (let i = 0; i < 8; i++)
      expect((await loginWith(owner.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(401);
    const limited = await loginWith(owner.email, owner.password, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // A forged X-Forwarded-For does not make the guesser someone else.
    expect((await login(owner.email, '10.1.0.1', '203.0.113.5')).statusCode).toBe(429);
    expect((await loginWith(owner.email, owner.password, '10.1.0.2')).statusCode).toBe(200);
  });

  test('each wrong password says how many tries remain; the lock says the wait in minutes', async () => {
    const owner = await testApp.factory.user();
    const left: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await loginWith(owner.email, 'wrong-password', '10.9.0.1');
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', error: expect.any(String) });
      left.push(res.json().attemptsLeft);
    }
    expect(left).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    const locked = await loginWith(owner.email, owner.password, '10.9.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many attempts for this account. Please try again in 15 minutes.',
      retryAfterSeconds: Number(locked.headers['retry-after']),
    });
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(14 * 60);
  });

  test('an IPv6 /64 is one client: new interface ids do not reset the lock; another /64 is not locked', async () => {
    const owner = await testApp.factory.user();
    for (let i = 1; i <= 8; i++) {
      expect((await loginWith(owner.email, 'wrong-password', `2001:db8:7:1::${i.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await loginWith(owner.email, owner.password, '2001:db8:7:1:ffff::9')).statusCode).toBe(429);
    expect((await loginWith(owner.email, owner.password, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  test('successful sign-ins are not failures: they never add up to a lock', async () => {
    const owner = await testApp.factory.user();
    for (let i = 0; i < 10; i++)
      expect((await loginWith(owner.email, owner.password, '10.1.1.1')).statusCode).toBe(200);
  });

  test('guessing from many addresses stops at 50 failures per account, for everyone', async () => {
    const owner = await testApp.factory.user();
    for (let i = 0; i < 50; i++) {
      expect((await loginWith(owner.email, 'wrong-password', `10.1.2.${i}`)).statusCode).toBe(401);
    }
    expect((await loginWith(owner.email, owner.password, '10.1.3.1')).statusCode).toBe(429);
    // Other accounts are untouched.
    const other = await testApp.factory.user();
    expect((await loginWith(other.email, other.password, '10.1.3.1')).statusCode).toBe(200);
  });

  test('per client address: a forged X-Forwarded-For does not dodge it (no TRUST_PROXY)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await login(`user${i}@example.com`, '10.2.0.1', `198.51.100.${i}`)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  test.each([
    ['/api/auth/login', '{"email":'],
    ['/api/auth/register', '[1,2'],
    ['/api/auth/forgot-password', 'not json'],
    ['/api/auth/reset-password', '{'],
  ])('malformed JSON to %s is a 400 with { error, code }', async (url, payload) => {
    const res = await testApp.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.3.0.1',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'MALFORMED_JSON', requestId: expect.any(String) });
  });

  test('invalid fields are a 400 naming the rule', async () => {
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.3.0.2',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().error).toContain('Email is invalid');
  });

  const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  test('without SMTP_URL, mails land in the dev outbox, which answers callers on this machine', async () => {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.4.0.1',
      payload: { name: 'Outbox', email: 'outbox@example.com', password: 'outbox-password' },
    });
    // Mail leaves the request path: it reaches the outbox a moment after the answer.
    await vi.waitFor(async () => {
      const mails = (await outboxFrom('127.0.0.1')).json().mails as Array<{ to: string }>;
      expect(mails.some((candidate) => candidate.to === 'outbox@example.com')).toBe(true);
    }, inBackground);
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const outbox = await outboxFrom(loopback);
      expect(outbox.statusCode).toBe(200);
      const mail = outbox.json().mails.find((candidate: { to: string }) => candidate.to === 'outbox@example.com');
      expect(mail.subject).toBe('Confirm your ClipSync account');
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\?token=/);
    }
  });

  test('the dev outbox is a 404 to every caller on another machine, whatever it forwards', async () => {
    for (const remote of ['10.4.0.1', '192.168.1.23', '::ffff:192.168.1.23', 'fe80::1']) {
      const res = await outboxFrom(remote, { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', requestId: expect.any(String) });
    }
  });

  test('behind a trusted proxy, a forwarded loopback address does not open the outbox', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '10.9.0.1' });
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
    await proxied.close();
  });

  test('the dev outbox does not exist in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    const res = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await production.close();
  });
});
