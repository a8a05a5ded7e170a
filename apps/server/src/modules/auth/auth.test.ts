import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { logRecorder } from '../../../test/log-recorder';
import { startSmtpSink } from '../../../test/smtp-sink';
import { emailTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/secure-tokens';
import { REGISTER_MESSAGE } from './account-creation.service';
import { FORGOT_MESSAGE } from './auth.service';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe('accounts over real SMTP', () => {
  let testApp: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await buildTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const linkPath = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };

  async function registerAndConfirm(email: string, password = 'first-password') {
    expect((await post('/api/auth/register', { name: 'Ada', email, password })).statusCode).toBe(200);
    const mail = await sink.waitForMail(email);
    const confirmation = new URL(mail.links[0] ?? '').searchParams.get('token');
    expect((await post('/api/auth/login', { email, password, confirmation })).statusCode).toBe(200);
    return { password };
  }

  test('register → mailed link → confirmation → login → me', async () => {
    const register = await post('/api/auth/register', {
      name: 'Ada',
      email: 'Ada@Example.com',
      password: 'first-password',
    });
    expect(register.statusCode).toBe(200);
    expect(register.json()).toEqual({ message: REGISTER_MESSAGE });

    const early = await post('/api/auth/login', { email: 'ada@example.com', password: 'first-password' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(early.json().error).toMatch(/confirm your email/);

    const mail = await sink.waitForMail('ada@example.com');
    expect(mail.text).toContain('ClipSync');
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const link = mail.links[0] ?? '';
    expect(link.startsWith('http://localhost:3000/api/auth/confirm?token=')).toBe(true);

    // Opening the link uses nothing: it lands on the screen that signs in to confirm.
    const confirm = await get(linkPath(link));
    expect(confirm.statusCode).toBe(303);
    const landing = new URL(String(confirm.headers.location));
    expect(landing.pathname).toBe('/email-confirmation');
    const confirmation = landing.searchParams.get('token') ?? '';
    const check = () => get(`/api/auth/check-email-confirmation?token=${encodeURIComponent(confirmation)}`);
    expect((await check()).json()).toEqual({ confirmed: false });

    const login = await post('/api/auth/login', { email: 'ada@example.com', password: 'first-password', confirmation });
    expect(login.statusCode).toBe(200);
    expect((await check()).json()).toEqual({ confirmed: true });
    // Once confirmed, the password signs in on its own, and the link again lands as confirmed.
    expect((await post('/api/auth/login', { email: 'ada@example.com', password: 'first-password' })).statusCode).toBe(
      200,
    );
    expect(new URL(String((await get(linkPath(link))).headers.location)).searchParams.get('token')).toBe(confirmation);
    const { user, session } = login.json();
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const me = await get('/api/auth/me', bearer(session.access_token));
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  test('an expired confirmation link lands with error=access_denied mentioning expiry', async () => {
    await post('/api/auth/register', { name: 'Late', email: 'late@example.com', password: 'first-password' });
    const link = (await sink.waitForMail('late@example.com')).links[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    await testApp.context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const res = await get(linkPath(link));
    const landing = new URL(String(res.headers.location));
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.get('error_description')).toMatch(/expired/);
  });

  test('an unknown confirmation link lands with an error that is not expiry', async () => {
    const res = await get('/api/auth/confirm?token=not-a-real-token');
    const landing = new URL(String(res.headers.location));
    expect(landing.searchParams.get('error')).toBe('invalid_request');
  });

  test('registering a taken address answers exactly like a new one; its owner is told by mail', async () => {
    await registerAndConfirm('taken@example.com');
    const fresh = await post('/api/auth/register', {
      name: 'X',
      email: 'fresh@example.com',
      password: 'another-password',
    });
    const taken = await post('/api/auth/register', {
      name: 'X',
      email: 'taken@example.com',
      password: 'another-password',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const notice = await sink.waitForMail('taken@example.com');
    expect(notice.text).toMatch(/already has one/);
    const login = await post('/api/auth/login', { email: 'taken@example.com', password: 'another-password' });
    expect(login.statusCode).toBe(401);
  });

  test('sign-in succeeds when its audit record cannot be read nor written; the failure is logged with the request', async () => {
    const log = logRecorder();
    const app = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: log.stream });
    try {
      const user = await app.factory.user();
      await app.context.db.execute(sql`alter table audit_events rename to audit_events_away`);
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      await app.context.db.execute(sql`alter table audit_events_away rename to audit_events`);
      expect(res.statusCode).toBe(200);
      const me = await app.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${res.json().session.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      const warning = log.lines.find((line) => line.msg === 'a sign-in could not be recorded');
      expect(warning).toMatchObject({ level: 40, requestId: expect.any(String) });
    } finally {
      await app.close();
    }
  });

  test('wrong password and unknown e-mail get the same 401', async () => {
    await registerAndConfirm('known@example.com');
    const wrong = await post('/api/auth/login', { email: 'known@example.com', password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
      attemptsLeft: 7,
      requestId: expect.any(String),
    });
    // Indistinguishable but for the request's own id.
    const { requestId: _wrongId, ...wrongBody } = wrong.json();
    const { requestId: _unknownId, ...unknownBody } = unknown.json();
    expect(unknownBody).toEqual(wrongBody);
  });

  test('password rules: 8 at registration, at most 128, never truncated', async () => {
    const short = await post('/api/auth/register', { name: 'S', email: 's@example.com', password: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Password must be at least 8 characters');
    const long = await post('/api/auth/register', { name: 'L', email: 'l@example.com', password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    const blankName = await post('/api/auth/register', { name: '   ', email: 'b@example.com', password: '12345678' });
    expect(blankName.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('registration refuses one of the 10,000 most common passwords, whatever its case, and creates nothing', async () => {
    for (const password of ['iloveyou', 'Football1', 'PASSWORD']) {
      const res = await post('/api/auth/register', { name: 'C', email: 'common@example.com', password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'PASSWORD_TOO_COMMON',
        error: expect.stringContaining('10,000 most common'),
        requestId: expect.any(String),
      });
    }
    const login = await post('/api/auth/login', { email: 'common@example.com', password: 'iloveyou' });
    expect(login.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  test('forgot → mailed reset link → new password; old password, other sessions and older links die', async () => {
    const { password } = await registerAndConfirm('reset@example.com');
    const otherDevice = (await post('/api/auth/login', { email: 'reset@example.com', password })).json().session;

    const known = await post('/api/auth/forgot-password', { email: 'reset@example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(unknown.body).toBe(known.body);
    const resetLink = new URL((await sink.waitForMail('reset@example.com')).links[0] ?? '');
    expect(resetLink.pathname).toBe('/reset-password');
    expect(resetLink.search).toBe('');
    const fragment = new URLSearchParams(resetLink.hash.slice(1));
    expect(fragment.get('refresh_token')).toBeTruthy();
    const token = fragment.get('access_token') ?? '';

    const tooShort = await post('/api/auth/reset-password', { token, new_password: '12345' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toContain('Password must be at least 6 characters long.');

    // A common password is refused before the link is spent: the same link then sets a good one.
    const common = await post('/api/auth/reset-password', { token, new_password: 'sunshine' });
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const reset = await post('/api/auth/reset-password', { token, new_password: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, new_password: 'again-and-again' })).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect((await post('/api/auth/login', { email: 'reset@example.com', password })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'reset@example.com', password: 'brand-new-password' })).statusCode,
    ).toBe(200);
    expect((await get('/api/auth/me', bearer(otherDevice.access_token))).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', undefined, { 'x-refresh-token': otherDevice.refresh_token })).statusCode,
    ).toBe(401);
  });

  test('an expired reset link is refused', async () => {
    await registerAndConfirm('expired-reset@example.com');
    await post('/api/auth/forgot-password', { email: 'expired-reset@example.com' });
    const link = new URL((await sink.waitForMail('expired-reset@example.com')).links[0] ?? '');
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token') ?? '';
    await testApp.context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const res = await post('/api/auth/reset-password', { token, new_password: 'whatever-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired/);
  });

  test('passwords are stored as argon2id hashes', async () => {
    await registerAndConfirm('hash@example.com');
    const [row] = await testApp.context.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
