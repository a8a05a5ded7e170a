import { ROOM_ENDPOINTS, type AuditPage, type Clip, type ClipStats } from '@clipsync/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { storedFilesIn } from '../../../test/stored-files';
import { clips, roomContent, textUsage } from '../../db/schema';
import { createHistoryRetentionContext } from './history-retention.context';
import { RETENTION_BATCH, deleteExpiredHistory } from './history-retention.sweep';

const DAY_MS = 86_400_000;
const PATH = '/api/account/history-retention';

/** Makes clips look `days` old, as the job sees them (it reads when each was made). */
async function age(testApp: TestApp, clipIds: string[], days: number): Promise<void> {
  await testApp.context.db
    .update(clips)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(inArray(clips.id, clipIds));
}

/** A clip of `owner`'s made `days` ago, a favourite if asked, with one file if asked. */
async function oldClip(
  testApp: TestApp,
  owner: TestUser,
  { days, content, isFavorite = false, file }: { days: number; content: string; isFavorite?: boolean; file?: string },
) {
  const clip = await testApp.factory.clip({ owner, content });
  if (file) await testApp.factory.file({ owner, clipId: clip.id, name: `${file}.txt`, content: Buffer.from(file) });
  if (isFavorite) await testApp.as(owner).post(`/api/clipboard/${clip.id}/favorite`);
  await age(testApp, [clip.id], days);
  return clip;
}

const historyIds = async (testApp: TestApp, user: TestUser) =>
  (await testApp.as(user).get('/api/clipboard/history')).json<Clip[]>().map((clip) => clip.id);
const statsOf = async (testApp: TestApp, user: TestUser) =>
  (await testApp.as(user).get('/api/clipboard/stats')).json<ClipStats>();
const usedBytes = async (testApp: TestApp, user: TestUser) =>
  (await testApp.as(user).get('/api/billing/plan')).json<{ storage: { usedBytes: number } }>().storage.usedBytes;
const runJob = (testApp: TestApp) => deleteExpiredHistory(createHistoryRetentionContext(testApp.context));

describe('the history retention job', () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const retentionEntries = async () =>
    (await testApp.as(admin).get('/api/admin/audit?action=history.retention')).json<AuditPage>().events;

  test('deletes exactly what expired: older than the choice, not favourites, not other accounts, not rooms', async () => {
    const [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
    await testApp.as(owner).put(PATH, { days: 7, includeFavorites: false });
    const expired = await oldClip(testApp, owner, { days: 8, content: 'old text', file: 'old-file' });
    const favourite = await oldClip(testApp, owner, { days: 40, content: 'kept favourite', isFavorite: true });
    const recent = await oldClip(testApp, owner, { days: 6, content: 'recent', file: 'recent-file' });
    const othersOld = await oldClip(testApp, other, { days: 400, content: 'forever', file: 'other-file' });
    const room = await testApp.factory.room({ owner });
    const item = await testApp.api(owner).call(ROOM_ENDPOINTS.addContent, {
      params: { id: room.id },
      body: { content: 'a room item', type: 'text' },
    });
    await testApp.context.db
      .update(roomContent)
      .set({ createdAt: new Date(Date.now() - 100 * DAY_MS) })
      .where(eq(roomContent.id, item.id));
    const filesBefore = (await storedFilesIn(testApp.config.dataDir)).kept;
    expect(filesBefore).toHaveLength(3);
    const usedBefore = await usedBytes(testApp, owner);

    const run = await runJob(testApp);

    const removedBytes = Buffer.byteLength('old text') + Buffer.byteLength('old-file');
    expect(run).toEqual({ clips: 1, files: 1, bytes: removedBytes, accounts: 1, filesNotDeleted: 0 });
    expect((await historyIds(testApp, owner)).sort()).toEqual([favourite.id, recent.id].sort());
    expect(await historyIds(testApp, other)).toEqual([othersOld.id]);
    expect((await testApp.as(owner).get(`/api/clipboard/${expired.id}`)).statusCode).toBe(404);
    expect(await statsOf(testApp, owner)).toMatchObject({ totalClips: 2, favoriteClips: 1, textClips: 1 });
    // Usage counts what is left: the deleted text and file no longer count.
    expect(await usedBytes(testApp, owner)).toBe(usedBefore - removedBytes);
    const [usage] = await testApp.context.db.select().from(textUsage).where(eq(textUsage.userId, owner.id));
    const [{ text } = { text: -1 }] = await testApp.context.db
      .select({ text: sql<number>`coalesce(sum(octet_length(${clips.content})), 0)::int` })
      .from(clips)
      .where(eq(clips.userId, owner.id));
    expect(usage?.bytes).toBe(text + Buffer.byteLength('a room item'));
    const filesAfter = (await storedFilesIn(testApp.config.dataDir)).kept;
    expect(filesAfter).toHaveLength(2);
    expect(filesBefore.filter((key) => !filesAfter.includes(key))).toHaveLength(1);
    const roomItems = await testApp.api(owner).call(ROOM_ENDPOINTS.content, { params: { id: room.id }, query: {} });
    expect(roomItems.map((entry) => entry.id)).toEqual([item.id]);

    // One audit entry for the run, with counts and no clip, no account named.
    const entries = await retentionEntries();
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'system',
        action: 'history.retention',
        actorId: null,
        subjectUserId: null,
        targetId: null,
        details: { ...run, capDays: null },
      }),
    ]);

    // Nothing more expired: a second run deletes nothing and writes no entry.
    expect((await runJob(testApp)).clips).toBe(0);
    expect(await retentionEntries()).toHaveLength(1);
  });

  test('"also favourites": favourites that expired go too', async () => {
    const owner = await testApp.factory.user();
    await testApp.as(owner).put(PATH, { days: 1, includeFavorites: true });
    await oldClip(testApp, owner, { days: 2, content: 'old favourite', isFavorite: true });
    const today = await oldClip(testApp, owner, { days: 0, content: 'today', isFavorite: true });
    expect((await runJob(testApp)).clips).toBe(1);
    expect(await historyIds(testApp, owner)).toEqual([today.id]);
    expect(await statsOf(testApp, owner)).toMatchObject({ totalClips: 1, favoriteClips: 1 });
  });

  test(`a backlog larger than a batch (${RETENTION_BATCH}) is deleted batch by batch in one run`, async () => {
    const owner = await testApp.factory.user();
    await testApp.as(owner).put(PATH, { days: 30, includeFavorites: false });
    const count = RETENTION_BATCH * 2 + 7;
    await testApp.context.db.execute(sql`
      insert into clips (id, user_id, content, is_draft, created_at)
      select 'backlog-' || g, ${owner.id}, 'clip ' || g, false, now() - interval '31 days'
        from generate_series(1, ${count}) g`);
    const kept = await oldClip(testApp, owner, { days: 29, content: 'not yet' });
    expect((await statsOf(testApp, owner)).totalClips).toBe(count + 1);
    expect((await runJob(testApp)).clips).toBe(count);
    expect(await historyIds(testApp, owner)).toEqual([kept.id]);
    expect((await statsOf(testApp, owner)).totalClips).toBe(1);
  });
});

describe('the history retention job under CLIP_RETENTION_DAYS', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CLIP_RETENTION_DAYS: '5' });
  });
  afterAll(() => testApp.close());

  test('the cap deletes older clips of every account, even of one who chose forever; favourites as each chose', async () => {
    const [forever, alsoFavourites] = [await testApp.factory.user(), await testApp.factory.user()];
    await testApp.as(alsoFavourites).put(PATH, { days: 30, includeFavorites: true });
    await oldClip(testApp, forever, { days: 6, content: 'past the cap', file: 'capped' });
    const favourite = await oldClip(testApp, forever, { days: 6, content: 'favourite', isFavorite: true });
    const young = await oldClip(testApp, forever, { days: 4, content: 'young' });
    await oldClip(testApp, alsoFavourites, { days: 6, content: 'favourite too', isFavorite: true });

    const run = await runJob(testApp);
    expect(run).toMatchObject({ clips: 2, files: 1, accounts: 2 });
    expect((await historyIds(testApp, forever)).sort()).toEqual([favourite.id, young.id].sort());
    expect(await historyIds(testApp, alsoFavourites)).toEqual([]);
    expect((await storedFilesIn(testApp.config.dataDir)).kept).toEqual([]);
  });
});
