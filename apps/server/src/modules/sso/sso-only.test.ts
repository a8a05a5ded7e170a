import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../../../test/oidc-provider';
import { startSmtpSink } from '../../../test/smtp-sink';
import { auditEvents, emailTokens, userIdentities, users } from '../../db/schema';
import { FORGOT_MESSAGE } from '../auth/auth.service';
import { issueEmailToken } from '../auth/email-tokens';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/sso/callback`;
const PASSWORD = 'correct horse battery';
const OFF = { error: 'This server signs in with Authentik', code: 'PASSWORD_SIGN_IN_OFF' };

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const refusalOf = (res: LightMyRequestResponse) => ({ error: res.json().error, code: res.json().code });
const setCookiesOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  setCookiesOf(res)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

describe('OIDC_ONLY=true: passwords are the admins’ way back only', () => {
  let provider: TestOidcProvider;
  let app: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    provider = await startTestOidcProvider({ redirectUri: REDIRECT_URI });
    app = await buildTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.clientSecret,
      OIDC_BUTTON_TEXT: 'Sign in with Authentik',
      OIDC_ONLY: 'true',
      ADMIN_EMAILS: 'named@example.com',
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    await sink.close();
  });

  const post = (url: string, payload: object) => app.as(null).post(url, payload);
  const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });

  test('the pages are told so', async () => {
    expect((await app.as(null).get('/api/auth/sso')).json()).toMatchObject({ enabled: true, only: true });
  });

  test('a non-admin and an unknown address get the same refusal, right password or not', async () => {
    const member = await app.factory.user();
    const answers = [
      await login(member.email),
      await login(member.email, 'wrong password'),
      await login('nobody@example.com'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(refusalOf(res)).toEqual(OFF);
    }
  });

  test('an admin signs in with a password, recorded as the way back; a wrong one gets everyone’s refusal', async () => {
    const admin = await app.factory.user({ role: 'admin' });
    const member = await app.factory.user();
    const wrong = await login(admin.email, 'wrong password');
    const forMember = await login(member.email, 'wrong password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ ...forMember.json(), requestId: wrong.json().requestId });
    expect(refusalOf(wrong)).toEqual(OFF);
    const namedWrong = await login('named@example.com', 'wrong password');
    expect(refusalOf(namedWrong)).toEqual(OFF);

    const res = await login(admin.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    const events = await app.context.db
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, admin.id), eq(auditEvents.action, 'sign_in.password_while_sso_only')));
    expect(events).toEqual([{ action: 'sign_in.password_while_sso_only', actorId: admin.id }]);
  });

  test('an admin’s wrong passwords count toward the lock, silently, as everyone’s refusals do', async () => {
    const admin = await app.factory.user({ role: 'admin' });
    const member = await app.factory.user();
    for (const email of [admin.email, member.email]) {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const res = await login(email, 'wrong password');
        expect([res.statusCode, res.json().attemptsLeft]).toEqual([403, undefined]);
      }
      expect((await login(email)).statusCode).toBe(429);
    }
  });

  test('an address ADMIN_EMAILS names is an admin for this rule, and becomes one at sign-in', async () => {
    await app.factory.user({ email: 'named@example.com' });
    const res = await login('named@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  test('sign-up with a password is refused, invited or not, before anything touches the accounts', async () => {
    for (const body of [
      { name: 'New', email: 'new@example.com', password: PASSWORD },
      { name: 'Invited', email: 'invited@example.com', password: PASSWORD, invitation: 'some-invitation-token' },
    ]) {
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(403);
      expect(refusalOf(res)).toEqual(OFF);
    }
    expect(await app.context.db.select().from(users).where(eq(users.email, 'new@example.com'))).toEqual([]);
  });

  test('forgot-password mails an admin only; anyone else is answered as an unknown address is', async () => {
    const member = await app.factory.user();
    const admin = await app.factory.user({ role: 'admin' });
    const forMember = await post('/api/auth/forgot-password', { email: member.email });
    const forNobody = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    const forAdmin = await post('/api/auth/forgot-password', { email: admin.email });
    for (const res of [forMember, forNobody, forAdmin]) expect(res.json()).toEqual({ message: FORGOT_MESSAGE });

    const link = new URL((await sink.waitForMail(admin.email)).links[0] ?? '');
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token') ?? '';
    const reset = await post('/api/auth/reset-password', { token, new_password: 'a new admin password' });
    expect(reset.statusCode).toBe(200);
    expect((await login(admin.email, 'a new admin password')).statusCode).toBe(200);
    expect(sink.mails.some((mail) => mail.to.includes(member.email))).toBe(false);
    const memberTokens = await app.context.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(memberTokens).toEqual([]);
  });

  test('a non-admin’s reset link made earlier is refused and kept, so it works again without OIDC_ONLY', async () => {
    const member = await app.factory.user();
    const token = await issueEmailToken(app.context.db, member.id, 'reset');
    const res = await post('/api/auth/reset-password', { token, new_password: 'another password here' });
    expect(res.statusCode).toBe(403);
    expect(refusalOf(res)).toEqual(OFF);
    const kept = await app.context.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(kept.map((row) => row.usedAt)).toEqual([null]);
    const unknown = await post('/api/auth/reset-password', { token: 'made-up', new_password: 'another password here' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'INVALID_TOKEN']);
  });

  test('an admin’s Create account is refused for an address that would not be an admin', async () => {
    const admin = await app.factory.user({ role: 'admin' });
    const refused = await app.as(admin).post('/api/admin/users', { email: 'person@example.com', name: 'Person' });
    expect(refused.statusCode).toBe(403);
    expect(refusalOf(refused)).toEqual(OFF);
    expect(await app.context.db.select().from(users).where(eq(users.email, 'person@example.com'))).toEqual([]);
    const named = await app.as(admin).post('/api/admin/users', { email: 'named@example.com', name: 'Named' });
    expect(named.statusCode).not.toBe(403);
  });

  test('the console’s password reset is refused for a non-admin, and sent for an admin', async () => {
    const admin = await app.factory.user({ role: 'admin' });
    const member = await app.factory.user();
    const other = await app.factory.user({ role: 'admin' });
    const refused = await app.as(admin).post(`/api/admin/users/${member.id}/password-reset`);
    expect(refused.statusCode).toBe(403);
    expect(refusalOf(refused)).toEqual(OFF);
    expect((await app.as(admin).post(`/api/admin/users/${other.id}/password-reset`)).statusCode).toBe(204);
    expect((await sink.waitForMail(other.email)).links.length).toBeGreaterThan(0);
  });

  test('a non-admin cannot unlink the provider, its only way in; an admin can', async () => {
    const issuer = new URL(provider.issuer).href;
    const member = await app.factory.user();
    const admin = await app.factory.user({ role: 'admin' });
    for (const [account, subject] of [
      [member, 'member-sub'],
      [admin, 'admin-sub'],
    ] as const) {
      await app.context.db
        .insert(userIdentities)
        .values({ id: `identity-${subject}`, userId: account.id, issuer, subject, email: account.email });
    }
    const refused = await app.as(member).delete('/api/account/sso');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CONFLICT']);
    expect((await app.as(member).get('/api/account/sso')).json().identity).not.toBeNull();
    expect((await app.as(admin).delete('/api/account/sso')).statusCode).toBe(204);
  });

  test('sign-in through the provider still works, and its session serves the API', async () => {
    provider.accounts.set('worker', { sub: 'worker', email: 'worker@example.com', email_verified: true });
    const started = await app.as(null).get('/api/auth/sso/start?returnTo=/clips');
    const back = await provider.signIn(String(started.headers.location), 'worker');
    const res = await app.as(null).inject('GET', `${back.pathname}${back.search}`, undefined, {
      cookie: setCookiesOf(started)[0]?.split(';')[0] ?? '',
    });
    expect(res.statusCode).toBe(302);
    const completed = await app.as(null).inject('POST', '/api/auth/sso/complete', undefined, {
      cookie: cookieNamed(res, 'clipsync_sso_handoff'),
    });
    expect(completed.statusCode).toBe(200);
    const { session } = completed.json<{ session: { access_token: string } }>();
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json().user.email).toBe('worker@example.com');
  });
});
