import { ADMIN_ACCOUNT_ENDPOINTS, BILLING_ENDPOINTS, type AdminAccount } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { multipartFile } from '../../../../test/multipart';
import { socketPool } from '../../../../test/socket-client';
import { buildBillingTestApp } from '../../../../test/stripe-billing';
import { storedFilesIn } from '../../../../test/stored-files';
import { inBackground } from '../../../../test/waits';
import { clipFiles, clips, personalAccessTokens, users } from '../../../db/schema';
import { createEntitlements } from '../../billing/entitlements.service';
import { LAST_ADMIN_MESSAGE, setRoleByEmail } from '../../accounts/roles.service';

const QUOTA = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('admin console: one account', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: TestUser;
  const sockets = socketPool();
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA) });
    baseUrl = await testApp.listen();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  const path = (id: string, rest = '') => `/api/admin/users/${id}${rest}`;
  const login = (user: TestUser) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
  const refresh = (token: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-refresh-token': token } });
  const me = (accessToken: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  const upload = (user: TestUser, clipId: string, content: Buffer) => {
    const body = multipartFile('file', 'notes.bin', 'application/octet-stream', content);
    return testApp.as(user).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  };

  test("an account's facts: role, plan and its source, storage against its quota, devices", async () => {
    const user = await testApp.factory.user({ name: 'Ada Lovelace' });
    await testApp.factory.clip({ owner: user, content: 'hello' });
    const account = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.get, { params: { id: user.id } });
    expect(account).toMatchObject({
      id: user.id,
      name: 'Ada Lovelace',
      email: user.email,
      role: 'user',
      disabledAt: null,
      plan: { id: null, source: 'none' },
      storage: { usedBytes: 5, quotaBytes: QUOTA, quotaSource: 'plan' },
    });
    expect(account.emailConfirmedAt).not.toBeNull();
  });

  test('only an admin: signed out 401, a user 403 ADMIN_ONLY, an unknown or forged id 404', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(null).get(path(user.id))).statusCode).toBe(401);
    const refused = await testApp.as(user).get(path(admin.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await testApp.as(user).put(path(user.id, '/disabled'))).json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await testApp.as(admin).get(path('A'.repeat(22)))).statusCode).toBe(404);
    expect((await testApp.as(admin).get(path('not-an-id'))).statusCode).toBe(400);
    expect((await testApp.as(admin).put(path('A'.repeat(22), '/disabled'))).statusCode).toBe(404);
  });

  test('disabled: every session, token and socket ends at once, and sign-in says "This account is disabled"', async () => {
    const user = await testApp.factory.user();
    const token = await testApp.factory.token({ owner: user, scopes: ['clips:read'] });
    const socket = await sockets.connect(baseUrl, { token: user.tokens.access_token });
    const heard: string[] = [];
    socket.on('account:disabled', () => heard.push('account:disabled'));
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(`${heard.join()} then ${reason}`)),
    );

    const res = await testApp.as(admin).put(path(user.id, '/disabled'));
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminAccount>().disabledAt).not.toBeNull();

    // The open page is told why before its socket closes.
    expect(await disconnected).toBe('account:disabled then io server disconnect');
    expect((await me(user.tokens.access_token)).statusCode).toBe(401);
    const refreshed = await refresh(user.tokens.refresh_token);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', error: 'This account is disabled' });
    expect([401, 403]).toContain((await testApp.as(token.caller).get('/api/clipboard/history')).statusCode);
    const signIn = await login(user);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', error: 'This account is disabled' });
    // A stranger with a wrong password learns nothing of it.
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const enabled = await testApp.as(admin).inject('DELETE', path(user.id, '/disabled'));
    expect(enabled.json<AdminAccount>().disabledAt).toBeNull();
    expect((await login(user)).statusCode).toBe(200);
  });

  test('an admin can neither disable nor delete their own account, nor revoke the last admin', async () => {
    const own = await testApp.as(admin).put(path(admin.id, '/disabled'));
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You cannot disable your own account');
    const deleted = await testApp.as(admin).inject('DELETE', path(admin.id), { email: admin.email });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe('You cannot delete your own account');

    const app = await buildTestApp();
    try {
      const only = await app.factory.user({ role: 'admin' });
      const revoked = await app.as(only).put(`/api/admin/users/${only.id}/role`, { role: 'user' });
      expect(revoked.statusCode).toBe(409);
      expect(revoked.json()).toMatchObject({ code: 'CONFLICT', error: LAST_ADMIN_MESSAGE });
    } finally {
      await app.close();
    }
  });

  test('a disabled admin is no other admin: the last one who can sign in cannot demote themselves, nor be demoted by the command', async () => {
    const app = await buildTestApp();
    try {
      const [a, b] = [await app.factory.user({ role: 'admin' }), await app.factory.user({ role: 'admin' })];
      expect((await app.as(a).put(`/api/admin/users/${b.id}/disabled`)).statusCode).toBe(200);
      const selfDemotion = await app.as(a).put(`/api/admin/users/${a.id}/role`, { role: 'user' });
      expect(selfDemotion.statusCode).toBe(409);
      expect(selfDemotion.json()).toMatchObject({ code: 'CONFLICT', error: LAST_ADMIN_MESSAGE });
      // The recovery command (npm run admin) goes through the same check.
      await expect(setRoleByEmail(app.context.db, a.email, 'user')).rejects.toMatchObject({
        code: 'CONFLICT',
        message: LAST_ADMIN_MESSAGE,
      });
      const [stillAdmin] = await app.context.db.select().from(users).where(eq(users.id, a.id));
      expect(stillAdmin?.role).toBe('admin');
    } finally {
      await app.close();
    }
  });

  test('an admin cannot revoke their own admin role from the console, even with another admin left', async () => {
    const other = await testApp.factory.user({ role: 'admin' });
    const own = await testApp.as(admin).put(path(admin.id, '/role'), { role: 'user' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'CONFLICT', error: 'You cannot revoke your own admin role' });
    expect((await testApp.as(admin).get(path(other.id))).statusCode).toBe(200);
  });

  test('disabled: a device sign-in approved before it is denied, and its device gets no token', async () => {
    const user = await testApp.factory.user();
    const code = await testApp
      .as(null)
      .post('/api/device/code', { clientName: 'clipsync on laptop' })
      .then((res) => res.json<{ device_code: string; user_code: string }>());
    const approval = { userCode: code.user_code, scopes: ['clips:read'] };
    expect((await testApp.as(user).post('/api/device/approve', approval)).statusCode).toBe(204);
    expect((await testApp.as(admin).put(path(user.id, '/disabled'))).statusCode).toBe(200);

    const poll = await testApp.as(null).post('/api/device/token', { device_code: code.device_code });
    expect(poll.json()).toMatchObject({ error: 'access_denied' });
    const tokens = await testApp.context.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id));
    expect(tokens).toHaveLength(0);
  });

  test('the last admin who can sign in is never disabled nor deleted, even by a second admin at once', async () => {
    const app = await buildTestApp();
    try {
      const [first, second] = [await app.factory.user({ role: 'admin' }), await app.factory.user({ role: 'admin' })];
      const answers = await Promise.all([
        app.as(first).inject('DELETE', `/api/admin/users/${second.id}`, { email: second.email }),
        app.as(second).inject('DELETE', `/api/admin/users/${first.id}`, { email: first.email }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // One deletes the other; the other's call is then refused (its caller is gone, or the last admin).
      expect(statuses[0]).toBe(204);
      expect(statuses[1]).toBeGreaterThanOrEqual(401);
      const admins = await app.context.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  test("deleted: the typed address must be the account's, then its clips and files are gone and sign-in fails", async () => {
    const user = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner: user, content: 'mine' });
    const socket = await sockets.connect(baseUrl, { token: user.tokens.access_token });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    expect((await upload(user, clip.id, Buffer.from('file bytes'))).statusCode).toBe(201);
    const before = (await storedFilesIn(testApp.config.dataDir)).kept.length;

    const mistyped = await testApp.as(admin).inject('DELETE', path(user.id), { email: 'someone@example.com' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error).toBe("The address typed is not this account's: nothing was deleted");

    const res = await testApp.as(admin).inject('DELETE', path(user.id), { email: ` ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
    expect(await testApp.context.db.select().from(clips).where(eq(clips.userId, user.id))).toEqual([]);
    expect(await testApp.context.db.select().from(clipFiles).where(eq(clipFiles.userId, user.id))).toEqual([]);
    expect((await storedFilesIn(testApp.config.dataDir)).kept.length).toBe(before - 1);
    expect((await login(user)).statusCode).toBe(401);
    expect((await testApp.as(admin).get(path(user.id))).statusCode).toBe(404);
  });

  test('a password reset: the mail "forgot password" sends, in the outbox', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(admin).post(path(user.id, '/password-reset'))).statusCode).toBe(204);
    await vi.waitFor(() => {
      const mail = testApp.context.mailer.list?.().find((candidate) => candidate.to === user.email);
      expect(mail?.subject).toBe('Reset your ClipSync password');
    }, inBackground);
  });

  test('a plan granted until a date: the user has what it gives, and their plan says so, until it is removed', async () => {
    const user = await testApp.factory.user();
    // Past the trial, without Stripe: nothing but Basic.
    await testApp.context.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(users.id, user.id));
    const entitlements = createEntitlements(testApp.context.db, true);
    expect(await entitlements.allows(user.id, 'sharing')).toBe(false);

    const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const granted = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.grantPlan, {
      params: { id: user.id },
      body: { plan: 'pro', until },
    });
    expect(granted.plan).toEqual({ id: 'pro', source: 'admin', until });
    expect(await createEntitlements(testApp.context.db, true).allows(user.id, 'sharing')).toBe(true);

    const removed = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.removePlan, { params: { id: user.id } });
    expect(removed.plan).toEqual({ id: null, source: 'none', until: null });
    expect(await createEntitlements(testApp.context.db, true).allows(user.id, 'sharing')).toBe(false);
  });

  test('a grant ends in the future, within a few years', async () => {
    const user = await testApp.factory.user();
    for (const until of [new Date(Date.now() - DAY_MS), new Date(Date.now() + 20 * 365 * DAY_MS)]) {
      const res = await testApp.as(admin).put(path(user.id, '/plan'), { plan: 'pro', until: until.toISOString() });
      expect(res.statusCode).toBe(400);
    }
    expect((await testApp.as(admin).put(path(user.id, '/plan'), { plan: 'gold', until: 'soon' })).statusCode).toBe(400);
  });

  test("the user's own plan answer names the grant as an active plan ending on its last day", async () => {
    const app = await buildBillingTestApp();
    try {
      const [boss, user] = [await app.factory.user({ role: 'admin' }), await app.factory.user()];
      const until = new Date(Date.now() + 10 * DAY_MS).toISOString();
      await app
        .api(boss)
        .call(ADMIN_ACCOUNT_ENDPOINTS.grantPlan, { params: { id: user.id }, body: { plan: 'advanced', until } });
      const billing = await app.api(user).call(BILLING_ENDPOINTS.get);
      expect(billing).toMatchObject({ plan: 'advanced', status: 'active', renewsAt: until, cancelAtPeriodEnd: true });
    } finally {
      await app.close();
    }
  });

  test("a storage quota of the account's own: an upload over it is a 413, and null gives the plan's back", async () => {
    const user = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner: user, content: 'x' });
    const set = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.setQuota, {
      params: { id: user.id },
      body: { bytes: 100 },
    });
    expect(set.storage).toEqual({ usedBytes: 1, quotaBytes: 100, quotaSource: 'admin' });
    const over = await upload(user, clip.id, Buffer.alloc(200));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });

    const reset = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.setQuota, {
      params: { id: user.id },
      body: { bytes: null },
    });
    expect(reset.storage.quotaSource).toBe('plan');
    expect((await upload(user, clip.id, Buffer.alloc(200))).statusCode).toBe(201);
    expect((await testApp.as(admin).put(path(user.id, '/quota'), { bytes: -1 })).statusCode).toBe(400);
  });

  test('the admin role is granted and revoked from the console', async () => {
    const user = await testApp.factory.user();
    const granted = await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.setRole, {
      params: { id: user.id },
      body: { role: 'admin' },
    });
    expect(granted.role).toBe('admin');
    expect((await testApp.as(user).get(path(admin.id))).statusCode).toBe(200);
    const revoked = await testApp.as(admin).put(path(user.id, '/role'), { role: 'user' });
    expect(revoked.json().role).toBe('user');
    expect((await testApp.as(user).get(path(admin.id))).statusCode).toBe(403);
  });
});
