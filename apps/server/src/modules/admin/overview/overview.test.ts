import { ADMIN_OVERVIEW_ENDPOINTS, DEVICE_ENDPOINTS, utf8ByteLength } from '@clipsync/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { socketPool } from '../../../../test/socket-client';
import { confirm, signUp } from '../../../../test/sign-up';
import { users } from '../../../db/schema';
import { countsKeptFor } from './overview.service';

describe('GET /api/admin/overview', () => {
  let testApp: TestApp;
  const sockets = socketPool();
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('signed out 401; a user 403 ADMIN_ONLY; a token needs the admin scope', async () => {
    expect((await testApp.as(null).get('/api/admin/overview')).statusCode).toBe(401);
    const user = await testApp.factory.user();
    const refused = await testApp.as(user).get('/api/admin/overview');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ADMIN_ONLY']);

    const admin = await testApp.factory.user({ role: 'admin' });
    const rooms = await testApp.factory.token({ owner: admin, scopes: ['rooms'] });
    const withoutScope = await testApp.as(rooms.caller).get('/api/admin/overview');
    expect([withoutScope.statusCode, withoutScope.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const adminToken = await testApp.factory.token({ owner: admin, scopes: ['admin'] });
    expect((await testApp.as(adminToken.caller).get('/api/admin/overview')).statusCode).toBe(200);
  });

  test('the figures of a seeded instance: users, active, online, clips, rooms, storage, mail, jobs, health', async () => {
    const seeded = await buildTestApp();
    try {
      const admin = await seeded.factory.user({ role: 'admin' });
      const [ada, bob, idle] = await Promise.all([seeded.factory.user(), seeded.factory.user(), seeded.factory.user()]);
      const clip = await seeded.factory.clip({ owner: ada, content: 'héllo' });
      await seeded.factory.clip({ owner: bob, content: 'world' });
      await seeded.factory.file({ owner: ada, clipId: clip.id, content: Buffer.alloc(1000) });
      await seeded.factory.room({ owner: bob });
      // Ada was seen today, Bob ten days ago, the admin by the overview's own call; the others make no call.
      await seeded.api(ada).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
      await seeded.api(bob).call(DEVICE_ENDPOINTS.register, { body: { name: 'Phone', kind: 'browser' } });
      // Bob's own call wrote his last seen off its request: once it has, it is moved back ten days.
      await expect
        .poll(async () => {
          const moved = await seeded.context.db
            .update(users)
            .set({ lastSeenAt: sql`now() - interval '10 days'` })
            .where(and(eq(users.id, bob.id), isNotNull(users.lastSeenAt)))
            .returning({ id: users.id });
          return moved.length;
        })
        .toBe(1);
      const baseUrl = await seeded.listen();
      await sockets.connect(baseUrl, { token: ada.tokens.access_token });
      await sockets.connect(baseUrl, { token: idle.tokens.access_token });
      await sockets.connect(baseUrl);

      // The admin's last seen is written off its first call's path: once it is, the admin counts as active.
      await seeded.as(admin).get('/api/auth/me');
      await expect
        .poll(async () => (await seeded.context.db.select().from(users).where(eq(users.id, admin.id)))[0]?.lastSeenAt)
        .toBeTruthy();
      const overview = await seeded.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
      expect(overview).toMatchObject({
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        users: { total: 4, activeLast7Days: 2 },
        devicesOnline: 2,
        clips: 2,
        rooms: 1,
        storage: {
          fileStore: 'disk',
          textBytes: utf8ByteLength('héllo') + utf8ByteLength('world'),
          fileBytes: 1000,
        },
        mail: { transport: 'outbox', pending: expect.any(Number) },
        health: { database: 'ok', redis: 'disabled', storage: 'ok' },
      });
      expect(overview.jobs.map(({ name }) => name)).toContain('share claims expiry');
      expect(overview.jobs.every(({ everySeconds }) => everySeconds > 0)).toBe(true);
    } finally {
      await seeded.close();
    }
  });

  test("a job's last run is shown once it ran on this node", async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    testApp.context.jobRuns.report({ job: 'share claims expiry', outcome: 'ok', durationSeconds: 0.01 });
    const { jobs } = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
    expect(jobs.find(({ name }) => name === 'share claims expiry')).toMatchObject({
      everySeconds: 60,
      lastRunAt: expect.any(String),
      lastOutcome: 'ok',
    });
  });

  test('each overview counts again: an account made since is in the next one, which says when it counted', async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    const first = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
    await testApp.factory.user();
    const second = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
    expect(second.users.total).toBe(first.users.total + 1);
    expect(Date.parse(second.countedAt)).toBeGreaterThanOrEqual(Date.parse(first.countedAt));
  });

  test('a count slower than the wait answers the kept counts, dated; the next overview has the new ones', async () => {
    const { db } = testApp.context;
    const counted = countsKeptFor(db, testApp.context.log, 30_000, 50);
    const first = await counted.read();
    await testApp.factory.user();
    // The count is held back for certain (not raced against a timer): a writer holds the users table, which the
    // embedded database's one connection and PostgreSQL's lock both make the count wait for.
    let release!: () => void;
    let isHolding!: () => void;
    const holding = new Promise<void>((resolve) => (isHolding = resolve));
    const held = db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      isHolding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    try {
      expect(await counted.read()).toEqual(first);
    } finally {
      release();
      await held;
    }
    await vi.waitFor(async () => expect((await counted.read()).users).toBe(first.users + 1));
    await counted.stop();
  });

  test('kept warm, the counts are counted at start and then on a timer', async () => {
    const counted = countsKeptFor(testApp.context.db, testApp.context.log, 40);
    counted.keepWarm();
    const first = await counted.read();
    await testApp.factory.user();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The timer counted again since: this read is not the one that asks.
    expect((await counted.read()).users).toBe(first.users + 1);
    await counted.stop();
  });

  test(
    "a fresh server's first admin opens the Overview and is counted: 1 user, 1 active",
    { timeout: 60_000 },
    async () => {
      const fresh = await buildTestApp();
      try {
        // The start counts an empty server; the admin signs up and confirms within the counts' 30 s.
        await fresh.listen();
        expect((await signUp(fresh, 'first@example.com')).statusCode).toBe(200);
        const login = await confirm(fresh, 'first@example.com');
        expect(login.json().user.role).toBe('admin');
        const admin = { tokens: login.json().session };
        // The web asks who is signed in first, as every page does: the admin's first authenticated call.
        expect((await fresh.as(admin).get('/api/auth/me')).statusCode).toBe(200);
        await expect
          .poll(async () => (await fresh.context.db.select({ seen: users.lastSeenAt }).from(users))[0]?.seen)
          .toBeTruthy();
        const overview = await fresh.as(admin).get('/api/admin/overview');
        expect(overview.json().users).toEqual({ total: 1, activeLast7Days: 1 });
      } finally {
        await fresh.close();
      }
    },
  );
});
