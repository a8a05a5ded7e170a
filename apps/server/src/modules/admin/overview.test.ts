import { ADMIN_OVERVIEW_ENDPOINTS, DEVICE_ENDPOINTS, utf8ByteLength } from '@clipsync/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { socketPool } from '../../../test/socket-client';
import { users } from '../../db/schema';
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
      // Ada was seen today, Bob ten days ago; the others make no call before the server counts (at listen).
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

      const overview = await seeded.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
      expect(overview).toMatchObject({
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        users: { total: 4, activeLast7Days: 1 },
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

  test('the counts are kept up to 30 s, and say when they were counted', async () => {
    const admin = await testApp.factory.user({ role: 'admin' });
    const first = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
    await testApp.factory.user();
    const second = await testApp.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
    expect(second.users.total).toBe(first.users.total);
    expect(second.countedAt).toBe(first.countedAt);
  });

  test('once older than their age, the counts are counted again off the request: the next overview has them', async () => {
    const counted = countsKeptFor(testApp.context.db, testApp.context.log, 0);
    const first = await counted.read();
    await testApp.factory.user();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await counted.read()).users).toBe(first.users);
    await vi.waitFor(async () => expect((await counted.read()).users).toBe(first.users + 1));
    await counted.stop();
  });

  test('kept warm, the counts are counted at start and then on a timer, never on an overview', async () => {
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
    'the first overview of a node answers counts made when the server started listening',
    { timeout: 60_000 },
    async () => {
      const fresh = await buildTestApp();
      try {
        await fresh.listen();
        const admin = await fresh.factory.user({ role: 'admin' });
        const askedAt = Date.now();
        const overview = await fresh.api(admin).call(ADMIN_OVERVIEW_ENDPOINTS.overview);
        expect(Date.parse(overview.countedAt)).toBeLessThan(askedAt);
      } finally {
        await fresh.close();
      }
    },
  );
});
