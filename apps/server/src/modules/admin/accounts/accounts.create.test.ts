import {
  ADMIN_ACCOUNT_ENDPOINTS,
  ADMIN_OVERVIEW_ENDPOINTS,
  AUDIT_ENDPOINTS,
  type RegistrationMode,
  type SecurityEventPage,
} from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { startSmtpSink } from '../../../../test/smtp-sink';

/** The set-password link's single-use token, from the fragment of the mailed link. */
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('access_token') ?? '';

describe('admin console: an admin creates an account', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await buildTestApp({ SMTP_URL: sink.url });
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  const create = (email: string, name = 'New Person') => testApp.as(admin).post('/api/admin/users', { email, name });
  const login = (email: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const setPassword = (token: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: password } });

  test('in every registration mode, whatever the domains: an unconfirmed account and a set-password mail', async () => {
    const settings: { mode: RegistrationMode; emailDomains: string[] }[] = [
      { mode: 'open', emailDomains: ['elsewhere.org'] },
      { mode: 'invite', emailDomains: [] },
      { mode: 'closed', emailDomains: [] },
    ];
    for (const [index, body] of settings.entries()) {
      await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body });
      const email = `made-${index}@example.com`;
      const res = await create(` ${email.toUpperCase()} `, 'Grace Hopper');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, name: 'Grace Hopper', role: 'user', emailConfirmedAt: null });
      const mail = await sink.waitForMail(email);
      expect(mail.text).toContain('Hi Grace Hopper');
      expect(mail.text).toContain('An admin of this ClipSync server created an account for you');
      expect(new URL(mail.links[0] ?? '').pathname).toBe('/reset-password');
    }
  });

  test('no password works until the link sets one; then it is confirmed and signs in', async () => {
    const email = 'ada@example.com';
    const created = (await create(email, 'Ada')).json();
    const link = (await sink.waitForMail(email)).links[0] ?? '';
    expect((await login(email, 'a-guessed-password')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    expect((await setPassword(tokenOf(link), 'adas-own-password')).statusCode).toBe(200);
    const signedIn = await login(email, 'adas-own-password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: created.id, email, name: 'Ada' });
    const account = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.get, { params: { id: created.id } });
    expect(account.emailConfirmedAt).not.toBeNull();
    // The link worked once.
    expect((await setPassword(tokenOf(link), 'another-password')).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  test('an address with an account is refused with 409 CONFLICT; an unconfirmed sign-up is taken over', async () => {
    const existing = await testApp.factory.user();
    const res = await create(existing.email);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      expect.objectContaining({ code: 'CONFLICT', error: 'This address already has an account' }),
    ]);

    await testApp
      .api(admin)
      .call(ADMIN_OVERVIEW_ENDPOINTS.updateSettings, { body: { mode: 'open', emailDomains: [] } });
    const email = 'half-signed-up@example.com';
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Someone', email, password: 'someones-password' },
    });
    await sink.waitForMail(email);
    const taken = await create(email, 'The Real Owner');
    expect([taken.statusCode, taken.json().name]).toEqual([201, 'The Real Owner']);
    const link = (await sink.waitForMail(email)).links[0] ?? '';
    await setPassword(tokenOf(link), 'owners-password');
    expect((await login(email, 'someones-password')).statusCode).toBe(401);
    expect((await login(email, 'owners-password')).statusCode).toBe(200);
  });

  test('only an admin: signed out 401, a user 403 ADMIN_ONLY; a bad body 400', async () => {
    const user = await testApp.factory.user();
    const body = { email: 'nobody-made@example.com', name: 'X' };
    expect((await testApp.as(null).post('/api/admin/users', body)).statusCode).toBe(401);
    const refused = await testApp.as(user).post('/api/admin/users', body);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ADMIN_ONLY']);
    const bad = await testApp.as(admin).post('/api/admin/users', { email: 'not-an-address', name: '' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  test('the audit log names the creation and the new account; its owner sees an admin made it', async () => {
    const { id } = (await create('audited@example.com', 'Audited')).json<{ id: string }>();
    const link = (await sink.waitForMail('audited@example.com')).links[0] ?? '';
    const log = await testApp.api(admin).call(AUDIT_ENDPOINTS.list, { query: { action: 'adminAccount.create' } });
    expect(log.events[0]).toMatchObject({
      action: 'adminAccount.create',
      actorEmail: admin.email,
      targetKind: 'user',
      targetId: id,
      subjectUserId: id,
      details: { email: 'audited@example.com', name: 'Audited' },
    });

    await setPassword(tokenOf(link), 'audited-password');
    const signedIn = (await login('audited@example.com', 'audited-password')).json<{
      session: { access_token: string };
    }>();
    const own = await testApp.as({ tokens: signedIn.session }).get('/api/account/security-events');
    expect(own.json<SecurityEventPage>().events.map((event) => [event.action, event.byAdmin])).toEqual([
      ['sign_in.new_device', false],
      ['password.reset', false],
      ['adminAccount.create', true],
    ]);
  });
});
