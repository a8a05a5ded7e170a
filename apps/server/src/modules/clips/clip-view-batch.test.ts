import { rm } from 'node:fs/promises';
import { CLIP_VIEW_LOG_SIZE } from '@clipsync/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';
import { clipViews } from '../../db/schema';
import { ClipViewBatch } from './clip-view-batch';
import { dataDirWithDatabase } from '../../../test/pglite-data-dir';

const firefox = { userAgent: USER_AGENTS.firefoxLinux };
const chrome = { userAgent: USER_AGENTS.chromeDesktop };

describe('views written in batches', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let errors: unknown[];
  let batch: ClipViewBatch;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
    errors = [];
    // A timer that never fires on its own: each test says when the batch writes.
    batch = new ClipViewBatch(testApp.context.db, { flushEveryMs: 3_600_000, onError: (error) => errors.push(error) });
  });
  afterAll(() => testApp.close());

  const rowsOf = (clipId: string) =>
    testApp.context.db.select().from(clipViews).where(eq(clipViews.clipId, clipId)).orderBy(asc(clipViews.id));

  test('the log keeps its newest CLIP_VIEW_LOG_SIZE entries across batches, in the order of the reads', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'busy' });
    const viewers = Array.from({ length: CLIP_VIEW_LOG_SIZE + 50 }, (_, index) => `viewer-${index}`);
    const half = Math.ceil(viewers.length / 2);
    // Signed-in viewers are logged as nobody once gone: these never existed, so each row's time tells them apart.
    const started = Date.now();
    for (const _ of viewers.slice(0, half)) batch.add({ clipId: clip.id, viewerId: null, viewer: firefox });
    await batch.flush();
    for (const _ of viewers.slice(half)) batch.add({ clipId: clip.id, viewerId: null, viewer: chrome });
    await batch.flush();
    const rows = await rowsOf(clip.id);
    expect(rows).toHaveLength(CLIP_VIEW_LOG_SIZE);
    // The 50 oldest went: the first batch's, not the second's.
    expect(rows.filter((row) => row.browser === 'Chrome')).toHaveLength(viewers.length - half);
    expect(rows.every((row) => row.viewedAt.getTime() >= started - 1000 && !row.spentView)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a refresh is merged with the same viewer's entry, held or written; another browser's is its own", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'refreshed' });
    batch.add({ clipId: clip.id, viewerId: null, viewer: firefox });
    batch.add({ clipId: clip.id, viewerId: null, viewer: firefox, isRefresh: true });
    await batch.flush();
    expect(await rowsOf(clip.id)).toHaveLength(1);
    batch.add({ clipId: clip.id, viewerId: null, viewer: firefox, isRefresh: true });
    batch.add({ clipId: clip.id, viewerId: null, viewer: chrome, isRefresh: true });
    await batch.flush();
    expect((await rowsOf(clip.id)).map((row) => row.browser)).toEqual(['Firefox', 'Chrome']);
    // Not a refresh: a new visit, logged.
    batch.add({ clipId: clip.id, viewerId: null, viewer: firefox });
    await batch.flush();
    expect(await rowsOf(clip.id)).toHaveLength(3);
  });

  test("a refresh that another node writes before the visit's open is still one visit, at the open's time", async () => {
    // Two nodes on one database: the open is answered by the first, the page's refresh by the second, and the
    // second writes its batch first.
    const otherNode = new ClipViewBatch(testApp.context.db, {
      flushEveryMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    const clip = await testApp.factory.clip({ owner, content: 'two nodes' });
    batch.add({ clipId: clip.id, viewerId: owner.id, viewer: firefox });
    const openedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    otherNode.add({ clipId: clip.id, viewerId: owner.id, viewer: firefox, isRefresh: true });
    await otherNode.flush();
    await batch.flush();
    const rows = await rowsOf(clip.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ viewerId: owner.id, isFromRefresh: false });
    expect(rows[0]!.viewedAt.getTime()).toBeLessThanOrEqual(openedAt);

    // A later open of the same viewer is a visit of its own, as is one of another browser.
    batch.add({ clipId: clip.id, viewerId: owner.id, viewer: firefox });
    otherNode.add({ clipId: clip.id, viewerId: owner.id, viewer: chrome, isRefresh: true });
    await otherNode.flush();
    await batch.flush();
    expect((await rowsOf(clip.id)).map((row) => row.browser)).toEqual(['Firefox', 'Chrome', 'Firefox']);
    expect(errors).toEqual([]);
  });

  test('a view of a clip deleted before the write is dropped, the rest of its batch written', async () => {
    const gone = await testApp.factory.clip({ owner, content: 'gone' });
    const kept = await testApp.factory.clip({ owner, content: 'kept' });
    batch.add({ clipId: gone.id, viewerId: null, viewer: firefox });
    batch.add({ clipId: kept.id, viewerId: owner.id, viewer: firefox });
    expect((await testApp.as(owner).delete(`/api/clipboard/${gone.id}`)).statusCode).toBe(204);
    await batch.flush();
    expect(errors).toEqual([]);
    expect(await rowsOf(kept.id)).toMatchObject([{ viewerId: owner.id }]);
  });

  test('a batch that fails is tried once more with the next one; failing twice, it is dropped and counted', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'flaky' });
    const { db } = testApp.context;
    let failures = 2;
    const failing: typeof db.transaction = (work, config) =>
      failures-- > 0 ? Promise.reject(new Error('database restarting')) : db.transaction(work, config);
    const lost: number[] = [];
    const flaky = new ClipViewBatch(Object.assign(Object.create(db) as typeof db, { transaction: failing }), {
      flushEveryMs: 3_600_000,
      onError: (_error, count) => lost.push(count),
    });
    flaky.add({ clipId: clip.id, viewerId: null, viewer: firefox });
    await flaky.flush();
    // Kept for the next write, which fails too: the first view is gone, the second (new) is kept again.
    flaky.add({ clipId: clip.id, viewerId: null, viewer: chrome });
    await flaky.flush();
    await flaky.flush();
    expect(lost).toEqual([0, 1]);
    expect((await rowsOf(clip.id)).map((row) => row.browser)).toEqual(['Chrome']);
  });
});

// Two starts on an embedded database on disk: slow on a busy machine.
const RESTART_TIMEOUT_MS = 90_000;

describe('views still gathered when the server closes', () => {
  test(
    'are written before the database closes',
    async () => {
      const dataDir = await dataDirWithDatabase('clipsync-view-batch-');
      try {
        const first = await buildTestApp({}, { dataDir });
        const owner = await first.factory.user();
        const clip = await first.factory.clip({ owner, content: 'read just before a restart' });
        const read = await first.as(null).inject('GET', `/api/clipboard/${clip.id}`, undefined, {
          'user-agent': USER_AGENTS.firefoxLinux,
        });
        expect(read.statusCode).toBe(200);
        await first.close();

        const again = await buildTestApp({}, { dataDir });
        try {
          const rows = await again.context.db.select().from(clipViews).where(eq(clipViews.clipId, clip.id));
          expect(rows).toMatchObject([{ browser: 'Firefox' }]);
        } finally {
          await again.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    RESTART_TIMEOUT_MS,
  );
});
