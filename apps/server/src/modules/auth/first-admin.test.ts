import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { logRecorder } from '../../../test/log-recorder';
import { confirm, SIGN_UP_PASSWORD, signUp } from '../../../test/sign-up';
import { users } from '../../db/schema';
import {
  NO_ADMIN_LEFT_MESSAGE,
  NO_ADMIN_MESSAGE,
  NO_NAMED_ADMIN_MESSAGE,
  settleAdminsAtStart,
} from '../accounts/admins-at-start';

const FIRST_ADMIN_LOG = "The first account confirmed its address: it is this server's admin";

/** A fresh server with its log lines; built once per group, as apps are slow to build on a busy machine. */
function withApp(env: Record<string, string>) {
  const log = logRecorder();
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
    await testApp.app.ready();
  });
  afterAll(() => testApp?.close());
  return {
    app: () => {
      if (!testApp) throw new Error('the app is built in beforeAll');
      return testApp;
    },
    messages: () => log.lines.map((line) => line.msg),
  };
}

const rolesOf = async (app: TestApp) =>
  Object.fromEntries(
    (await app.context.db.select({ email: users.email, role: users.role }).from(users)).map((row) => [
      row.email,
      row.role,
    ]),
  );

describe('the first account is the admin', () => {
  const { app, messages } = withApp({});

  test('the start log says there is no admin; the first confirmed account becomes it and says so, the next does not', async () => {
    expect(messages()).toContain(NO_ADMIN_MESSAGE);
    expect((await signUp(app(), 'first@example.com')).statusCode).toBe(200);
    expect((await signUp(app(), 'second@example.com')).statusCode).toBe(200);
    // Signing up proves nothing: no account is the admin until its address is confirmed.
    expect(await rolesOf(app())).toEqual({ 'first@example.com': 'user', 'second@example.com': 'user' });
    expect(messages()).not.toContain(FIRST_ADMIN_LOG);

    // The second to sign up is the first to confirm: it is the admin.
    const login = await confirm(app(), 'second@example.com');
    expect(login.json().user).toMatchObject({ email: 'second@example.com', role: 'admin' });
    expect((await confirm(app(), 'first@example.com')).json().user.role).toBe('user');
    expect(await rolesOf(app())).toEqual({ 'first@example.com': 'user', 'second@example.com': 'admin' });
    expect(messages().filter((message) => message === FIRST_ADMIN_LOG)).toHaveLength(1);
    const me = await app().as({ tokens: login.json().session }).get('/api/auth/me');
    expect(me.json().user.role).toBe('admin');
  });

  test('the sign-up page is told the first account to confirm becomes the admin, until one has; its first sign-in is told it is the first', async () => {
    await app().context.db.delete(users);
    const rules = async () => (await app().as(null).get('/api/auth/registration')).json();
    expect(await rules()).toMatchObject({ mode: 'open', emailDomains: [], firstAccountBecomesAdmin: true });
    await signUp(app(), 'founder@example.com');
    // A sign-up proves nothing: the next person may still be the first to confirm.
    expect((await rules()).firstAccountBecomesAdmin).toBe(true);
    const first = await confirm(app(), 'founder@example.com');
    expect(first.json()).toMatchObject({ user: { role: 'admin' }, firstSignIn: true });
    expect((await rules()).firstAccountBecomesAdmin).toBe(false);
    const again = await app()
      .as(null)
      .post('/api/auth/login', { email: 'founder@example.com', password: SIGN_UP_PASSWORD });
    expect(again.json()).toMatchObject({ firstSignIn: false });
  });

  test('concurrent confirmations on an empty server make exactly one admin', { timeout: 60_000 }, async () => {
    await app().context.db.delete(users);
    const emails = Array.from({ length: 6 }, (_, index) => `racer${index}@example.com`);
    for (const email of emails) expect((await signUp(app(), email)).statusCode).toBe(200);
    const answers = await Promise.all(emails.map((email) => confirm(app(), email)));
    expect(answers.map((res) => res.statusCode)).toEqual(emails.map(() => 200));
    const roles = Object.values(await rolesOf(app()));
    expect(roles).toHaveLength(emails.length);
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
  });

  test('a stranger who signs up an address first is not the admin: the owner who confirms it is', async () => {
    await app().context.db.delete(users);
    await signUp(app(), 'owner@example.com', 'stranger-password');
    await signUp(app(), 'owner@example.com', 'owner-password');
    expect(await rolesOf(app())).toEqual({ 'owner@example.com': 'user' });
    const signedIn = await confirm(app(), 'owner@example.com', 'owner-password');
    expect(signedIn.json().user.role).toBe('admin');
    expect(
      (await app().as(null).post('/api/auth/login', { email: 'owner@example.com', password: 'stranger-password' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('a server with accounts but no admin (its admin gone)', () => {
  const { app, messages } = withApp({});

  test('the next sign-up is a user, not the admin, and the start log says how to name one', async () => {
    await app().factory.user({ email: 'old@example.com' });
    expect((await signUp(app(), 'stranger@example.com')).statusCode).toBe(200);
    expect(await rolesOf(app())).toEqual({ 'old@example.com': 'user', 'stranger@example.com': 'user' });
    await settleAdminsAtStart(app().context.db, { mode: 'open', emailDomains: [], adminEmails: [] }, app().app.log);
    expect(messages()).toContain(NO_ADMIN_LEFT_MESSAGE);
  });
});

describe('ADMIN_EMAILS', () => {
  const { app, messages } = withApp({ ADMIN_EMAILS: 'boss@example.com, Deputy@Example.com' });

  test('its addresses are admins at sign-up; any other is a user, even the first', async () => {
    expect(messages()).toContain(NO_NAMED_ADMIN_MESSAGE);
    // The sign-up page promises no one the admin role: only the listed addresses get it.
    expect((await app().as(null).get('/api/auth/registration')).json().firstAccountBecomesAdmin).toBe(false);
    expect((await signUp(app(), 'first@example.com')).statusCode).toBe(200);
    expect((await signUp(app(), 'boss@example.com')).statusCode).toBe(200);
    expect(await rolesOf(app())).toEqual({ 'first@example.com': 'user', 'boss@example.com': 'admin' });
    expect(messages()).not.toContain(FIRST_ADMIN_LOG);
  });

  test('an account made while the list did not name it becomes an admin at sign-in', async () => {
    // The factory writes the account directly, as a server started without the list would have.
    const deputy = await app().factory.user({ email: 'deputy@example.com' });
    const login = await app().as(null).post('/api/auth/login', { email: deputy.email, password: deputy.password });
    expect(login.json().user.role).toBe('admin');
    expect((await rolesOf(app()))['deputy@example.com']).toBe('admin');
  });
});
