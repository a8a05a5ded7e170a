import { ADMIN_USERS_TOTAL_AHEAD, CLIP_ENDPOINTS, type AdminUserPage } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { users } from '../../../db/schema';
import { newId } from '../../../lib/secure-tokens';

describe('admin console: the users directory', () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await testApp.factory.user({ role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => testApp.close());

  const list = async (query: string, caller: { tokens: { access_token: string } } = admin) => {
    const res = await testApp.as(caller).get(`/api/admin/users?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<AdminUserPage>();
  };
  /** Accounts with a name no other test uses, so a search returns these alone. */
  const accounts = async (tag: string, howMany: number) => {
    const made: TestUser[] = [];
    for (let i = 0; i < howMany; i++) made.push(await testApp.factory.user({ name: `${tag} ${i}` }));
    return made;
  };

  test('an admin sees every account, newest first, with its role, storage and plan', async () => {
    const member = await testApp.factory.user({ name: 'Listed Member' });
    const page = await list('limit=100');
    expect(page.total).toBeGreaterThanOrEqual(2);
    const row = page.users.find((user) => user.id === member.id);
    expect(row).toMatchObject({
      name: 'Listed Member',
      email: member.email,
      role: 'user',
      disabledAt: null,
      storageBytes: 0,
      plan: null,
    });
    expect(page.users.find((user) => user.id === admin.id)?.role).toBe('admin');
    const created = page.users.map((user) => user.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  test('search matches a part of a name or of an address, whatever its case', async () => {
    const [first] = await accounts('Quokka Keeper', 2);
    const byName = await list('q=okka%20KEEP');
    expect(byName.total).toBe(2);
    expect(byName.users.every((user) => user.name.startsWith('Quokka Keeper'))).toBe(true);

    const byAddress = await list(`q=${encodeURIComponent(first!.email.slice(0, 12).toUpperCase())}`);
    expect(byAddress.users.map((user) => user.id)).toEqual([first!.id]);

    // LIKE's wildcards are matched as typed, not as wildcards.
    expect((await list('q=%25%25')).total).toBe(0);
    expect((await list('q=%20%20')).total).toBeGreaterThan(2);
  });

  test('sorted by storage: text and files counted as the quota counts them', async () => {
    const [light, heavy] = await accounts('Storage Sorter', 2);
    await testApp.factory.clip({ owner: light!, content: 'x'.repeat(10) });
    const clip = await testApp.factory.clip({ owner: heavy!, content: 'y'.repeat(20) });
    await testApp.factory.file({ owner: heavy!, clipId: clip.id, content: Buffer.alloc(1000, 1) });

    const desc = await list('q=Storage%20Sorter&sort=storage');
    expect(desc.users.map((user) => [user.id, user.storageBytes])).toEqual([
      [heavy!.id, 1020],
      [light!.id, 10],
    ]);
    const asc = await list('q=Storage%20Sorter&sort=storage&order=asc');
    expect(asc.users.map((user) => user.id)).toEqual([light!.id, heavy!.id]);

    await testApp.api(heavy!).call(CLIP_ENDPOINTS.remove, { params: { id: clip.id } });
    const afterDelete = await list('q=Storage%20Sorter&sort=storage');
    expect(afterDelete.users.find((user) => user.id === heavy!.id)?.storageBytes).toBe(0);
  });

  test('sorted by last seen: an authenticated call is seen, never seen comes last', async () => {
    const [seen, unseen] = await accounts('Seen Sorter', 2);
    await testApp.as(seen!).get('/api/auth/me');
    await vi.waitFor(async () => {
      const page = await list('q=Seen%20Sorter&sort=lastSeen');
      expect(page.users.map((user) => user.id)).toEqual([seen!.id, unseen!.id]);
      expect(page.users[0]!.lastSeenAt).not.toBeNull();
      expect(page.users[1]!.lastSeenAt).toBeNull();
    });
    const asc = await list('q=Seen%20Sorter&sort=lastSeen&order=asc');
    expect(asc.users.map((user) => user.id)).toEqual([unseen!.id, seen!.id]);
  });

  test('the plan in force: a granted plan while it lasts', async () => {
    const [granted, lapsed] = await accounts('Plan Holder', 2);
    const day = 86_400_000;
    await testApp.context.db
      .update(users)
      .set({ grantedPlan: 'pro', grantedPlanUntil: new Date(Date.now() + day) })
      .where(eq(users.id, granted!.id));
    await testApp.context.db
      .update(users)
      .set({ grantedPlan: 'advanced', grantedPlanUntil: new Date(Date.now() - day) })
      .where(eq(users.id, lapsed!.id));
    const page = await list('q=Plan%20Holder');
    expect(Object.fromEntries(page.users.map((user) => [user.id, user.plan]))).toEqual({
      [granted!.id]: 'pro',
      [lapsed!.id]: null,
    });
  });

  test('pages of every sort have no duplicates and no gaps, even where values tie', async () => {
    const made = await accounts('Pager Row', 7);
    for (const sort of ['created', 'storage', 'lastSeen'] as const) {
      for (const order of ['desc', 'asc'] as const) {
        const seen: string[] = [];
        for (let offset = 0; offset < 9; offset += 3) {
          const page = await list(`q=Pager%20Row&sort=${sort}&order=${order}&limit=3&offset=${offset}`);
          expect(page.total).toBe(7);
          seen.push(...page.users.map((user) => user.id));
        }
        expect(seen).toHaveLength(7);
        expect((await list(`q=Pager%20Row&sort=${sort}&order=${order}&limit=3`)).isTotalCapped).toBe(false);
        expect(new Set(seen)).toEqual(new Set(made.map((user) => user.id)));
      }
    }
  });

  test('a total is counted no further than ADMIN_USERS_TOTAL_AHEAD past the page, and says when it stopped', async () => {
    const many = ADMIN_USERS_TOTAL_AHEAD + 30;
    const day = 86_400_000;
    await testApp.context.db.insert(users).values(
      Array.from({ length: many }, (_, index) => ({
        id: newId(),
        email: `crowded${index}@example.org`,
        name: `Crowded Wren ${index}`,
        passwordHash: 'never signed in to',
        createdAt: new Date(Date.now() - 365 * day + index * 1000),
      })),
    );
    const first = await list('q=crowded%20wren&limit=25');
    expect(first).toMatchObject({ total: ADMIN_USERS_TOTAL_AHEAD, isTotalCapped: true });
    // Over the cap the page is still the newest matches, in order.
    expect(first.users.map((user) => user.name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Crowded Wren ${many - 1 - index}`),
    );

    const near = await list(`q=crowded%20wren&limit=25&offset=${ADMIN_USERS_TOTAL_AHEAD}`);
    expect(near).toMatchObject({ total: many, isTotalCapped: false });
    expect(near.users.map((user) => user.name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Crowded Wren ${29 - index}`),
    );
    expect(await list(`q=crowded%20wren&limit=25&offset=${many + 100}`)).toEqual({
      users: [],
      total: many,
      isTotalCapped: false,
    });

    expect(await list('limit=1')).toMatchObject({ total: ADMIN_USERS_TOTAL_AHEAD, isTotalCapped: true });
    const last = await list(`q=crowded%20wren&sort=created&order=asc&limit=25&offset=${many - 5}`);
    expect(last).toMatchObject({ total: many, isTotalCapped: false });
    expect(last.users.map((user) => user.name)).toEqual(
      Array.from({ length: 5 }, (_, index) => `Crowded Wren ${many - 5 + index}`),
    );
  });

  test('signed out 401, a non-admin 403 ADMIN_ONLY, bad input 400', async () => {
    expect((await testApp.as(null).get('/api/admin/users')).statusCode).toBe(401);
    const member = await testApp.factory.user();
    const refused = await testApp.as(member).get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    for (const query of ['sort=foo', 'order=sideways', 'limit=0', 'limit=101', `q=${'a'.repeat(101)}`, 'offset=-1']) {
      const res = await testApp.as(admin).get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
  });

  test('a token needs the admin scope, and stops working once its owner is no longer an admin', async () => {
    const owner = await testApp.factory.user({ role: 'admin' });
    const withoutScope = await testApp.factory.token({ owner, scopes: ['clips:read'] });
    expect((await testApp.as(withoutScope.caller).get('/api/admin/users')).statusCode).toBe(403);

    const withScope = await testApp.factory.token({ owner, scopes: ['admin'] });
    expect((await list('limit=1', withScope.caller)).users).toHaveLength(1);

    await testApp.context.db.update(users).set({ role: 'user' }).where(eq(users.id, owner.id));
    const demoted = await testApp.as(withScope.caller).get('/api/admin/users');
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({ code: 'ADMIN_ONLY' });
  });
});
