import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

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

  test('per e-mail: 429 with Retry-After, and a forged X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login('victim@example.com', `10.1.0.${i}`)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await login('victim@example.com', '10.1.0.99', '203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
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
    expect(res.json()).toEqual({ error: expect.any(String), code: 'MALFORMED_JSON' });
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

  test('without SMTP_URL, mails land in the dev outbox with their links', async () => {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.4.0.1',
      payload: { name: 'Outbox', email: 'outbox@example.com', password: 'outbox-password' },
    });
    const outbox = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '10.4.0.1' });
    const mail = outbox.json().mails.find((candidate: { to: string }) => candidate.to === 'outbox@example.com');
    expect(mail.subject).toBe('Confirm your ClipSync account');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\?token=/);
  });

  test('the dev outbox does not exist in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    const res = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await production.close();
  });
});
