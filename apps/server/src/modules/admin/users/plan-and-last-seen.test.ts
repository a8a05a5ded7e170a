import {
  ADMIN_ACCOUNT_ENDPOINTS,
  ADMIN_OVERVIEW_ENDPOINTS,
  ADMIN_USER_ENDPOINTS,
  BILLING_ENDPOINTS,
  type AdminUserRow,
} from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { multipartFile } from '../../../../test/multipart';
import { buildBillingTestApp } from '../../../../test/stripe-billing';
import { users } from '../../../db/schema';
import { PLAN_STORAGE_FACTOR } from '../../../lib/plan-in-force';

const QUOTA = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An account's plan and its last seen read the same on every page that shows them. */
describe('one plan in force and one last seen, on every page', () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA) });
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const account = (app: TestApp, boss: TestUser, user: TestUser) =>
    app.api(boss).call(ADMIN_ACCOUNT_ENDPOINTS.get, { params: { id: user.id } });
  const listed = async (app: TestApp, boss: TestUser, user: TestUser): Promise<AdminUserRow | undefined> => {
    const page = await app.api(boss).call(ADMIN_USER_ENDPOINTS.list, { query: { q: user.email } });
    return page.users.find((row) => row.id === user.id);
  };
  const upload = (user: TestUser, clipId: string, bytes: number) => {
    const body = multipartFile('file', 'big.bin', 'application/octet-stream', Buffer.alloc(bytes, 1));
    return testApp.as(user).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  };

  test('without payments a new account has no plan, on its page as in the list: no trial where nothing is sold', async () => {
    const user = await testApp.factory.user();
    expect((await account(testApp, admin, user)).plan).toEqual({ id: null, source: 'none', until: null });
    expect(await listed(testApp, admin, user)).toMatchObject({ plan: null, planSource: 'none' });
    expect(await testApp.api(user).call(BILLING_ENDPOINTS.plan)).toMatchObject({ plan: null, source: 'none' });
  });

  test('without payments a granted plan is the plan everywhere: billing, the account, the list, and the quota', async () => {
    const user = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner: user, content: 'x' });
    expect((await upload(user, clip.id, QUOTA * 2)).statusCode).toBe(413);

    const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
    await testApp
      .api(admin)
      .call(ADMIN_ACCOUNT_ENDPOINTS.grantPlan, { params: { id: user.id }, body: { plan: 'pro', until } });
    const proQuota = QUOTA * PLAN_STORAGE_FACTOR.pro;

    expect(await testApp.api(user).call(BILLING_ENDPOINTS.plan)).toEqual({
      plan: 'pro',
      source: 'admin',
      until,
      storage: { usedBytes: 1, quotaBytes: proQuota },
    });
    const page = await account(testApp, admin, user);
    expect(page.plan).toEqual({ id: 'pro', source: 'admin', until });
    expect(page.storage).toEqual({ usedBytes: 1, quotaBytes: proQuota, quotaSource: 'plan' });
    expect(await listed(testApp, admin, user)).toMatchObject({ plan: 'pro', planSource: 'admin' });

    // Over the free quota, under Pro's: stored.
    expect((await upload(user, clip.id, QUOTA * 2)).statusCode).toBe(201);

    await testApp.api(admin).call(ADMIN_ACCOUNT_ENDPOINTS.removePlan, { params: { id: user.id } });
    expect(await testApp.api(user).call(BILLING_ENDPOINTS.plan)).toMatchObject({
      plan: null,
      source: 'none',
      storage: { quotaBytes: QUOTA },
    });
    expect((await upload(user, clip.id, 10)).statusCode).toBe(413);
  });

  test('with payments the trial reads the same on the account page and in the list', async () => {
    const app = await buildBillingTestApp();
    try {
      const [boss, user] = [await app.factory.user({ role: 'admin' }), await app.factory.user()];
      expect((await account(app, boss, user)).plan.source).toBe('trial');
      expect(await listed(app, boss, user)).toMatchObject({ plan: null, planSource: 'trial' });
      const plan = await app.api(user).call(BILLING_ENDPOINTS.plan);
      expect(plan.source).toBe('trial');

      await app.context.db
        .update(users)
        .set({ grantedPlan: 'advanced', grantedPlanUntil: new Date(Date.now() + DAY_MS) })
        .where(eq(users.id, user.id));
      expect((await account(app, boss, user)).plan.id).toBe('advanced');
      expect(await listed(app, boss, user)).toMatchObject({ plan: 'advanced', planSource: 'admin' });
      expect((await app.api(user).call(BILLING_ENDPOINTS.plan)).storage.quotaBytes).toBe(
        app.config.storageQuotaBytes * PLAN_STORAGE_FACTOR.advanced,
      );
    } finally {
      await app.close();
    }
  });

  test("an account used only through a token is seen: one last seen on its page, in the list and in the Overview's count", async () => {
    const app = await buildTestApp();
    try {
      const boss = await app.factory.user({ role: 'admin' });
      const [user, idle] = [await app.factory.user(), await app.factory.user()];
      const token = await app.factory.token({ owner: user, scopes: ['clips:read'] });
      expect((await app.as(token.caller).get('/api/clipboard/history')).statusCode).toBe(200);
      await app.as(boss).get('/api/auth/me');
      // Written off the request's path.
      await expect
        .poll(async () => (await app.context.db.select().from(users).where(eq(users.id, user.id)))[0]?.lastSeenAt)
        .toBeTruthy();
      await expect
        .poll(async () => (await app.context.db.select().from(users).where(eq(users.id, boss.id)))[0]?.lastSeenAt)
        .toBeTruthy();

      const onPage = (await account(app, boss, user)).lastSeenAt;
      expect(onPage).not.toBeNull();
      expect((await listed(app, boss, user))?.lastSeenAt).toBe(onPage);
      expect((await account(app, boss, idle)).lastSeenAt).toBeNull();
      expect((await listed(app, boss, idle))?.lastSeenAt).toBeNull();
      const overview = await app.api(boss).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
      expect(overview.users).toMatchObject({ total: 3, activeLast7Days: 2 });
    } finally {
      await app.close();
    }
  });
});
