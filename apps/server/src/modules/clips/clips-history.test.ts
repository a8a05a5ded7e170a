import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { clipFiles, clips } from '../../db/schema';
import { newId } from '../../lib/secure-tokens';
import { purgeDrafts } from './clips.service';

const DAY = 24 * 60 * 60 * 1000;

/** A seeded set where every filter's right answer is known: paging and filters are checked against it. */
describe('clip history, favourites and stats in SQL', () => {
  let testApp: TestApp;
  let user: TestUser;
  let stranger: TestUser;
  const now = Date.now();
  // 30 clips, one per 1.5 days back; every 3rd a favourite, every 5th has a file, 'needle' in every 4th.
  const seeded = Array.from({ length: 30 }, (_, i) => ({
    id: newId(),
    content: i % 4 === 0 ? `needle ${i} 100%` : `clip ${i}`,
    isFavorite: i % 3 === 0,
    hasFiles: i % 5 === 0,
    createdAt: new Date(now - i * 1.5 * DAY - 1000),
  }));

  beforeAll(async () => {
    testApp = await buildTestApp();
    user = await testApp.factory.user();
    stranger = await testApp.factory.user();
    const { db } = testApp.context.database;
    await db
      .insert(clips)
      .values(seeded.map((clip) => ({ ...clip, userId: user.id, isDraft: false, updatedAt: clip.createdAt })));
    await db.insert(clipFiles).values(
      seeded
        .filter((clip) => clip.hasFiles)
        .map((clip) => ({
          id: newId(),
          clipId: clip.id,
          userId: user.id,
          name: 'f.txt',
          size: 1,
          type: 'text/plain',
          storageKey: newId(),
        })),
    );
    // A draft (no text, no files) and another user's clip must never show up.
    await db.insert(clips).values([
      { id: newId(), userId: user.id, content: '', isDraft: true, createdAt: new Date(now - 25 * 60 * 60 * 1000) },
      { id: newId(), userId: stranger.id, content: 'needle of a stranger', isDraft: false },
    ]);
  });
  afterAll(() => testApp.close());

  const history = async (query: string) => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: `/api/clipboard/history?${query}`,
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    return {
      ids: res.json().map((clip: { id: string }) => clip.id) as string[],
      total: Number(res.headers['x-total-count']),
    };
  };
  const expectedIds = (keep: (clip: (typeof seeded)[number], index: number) => boolean) =>
    seeded.filter(keep).map((clip) => clip.id);

  test('newest first, 20 a page, total in X-Total-Count, drafts and strangers left out', async () => {
    const page1 = await history('limit=20&offset=0');
    const page2 = await history('limit=20&offset=20');
    expect(page1.total).toBe(30);
    expect(page1.ids).toEqual(expectedIds((_c, i) => i < 20));
    expect(page2.ids).toEqual(expectedIds((_c, i) => i >= 20));
  });

  test.each([
    ['a full page (counted)', 'limit=10&offset=10', 30],
    ['the last, partial page (told by its length)', 'limit=20&offset=20', 30],
    ['exactly the last item', 'limit=1&offset=29', 30],
    ['past the end (counted)', 'limit=20&offset=40', 30],
    ['a filter with one page', 'limit=20&offset=0&search=needle', 8],
  ])('X-Total-Count is the true total on %s', async (_case, query, total) => {
    expect((await history(query)).total).toBe(total);
  });

  test.each([
    ['search=needle', (c: (typeof seeded)[number]) => c.content.includes('needle')],
    ['search=NEEDLE', (c: (typeof seeded)[number]) => c.content.includes('needle')],
    ['search=100%25', (c: (typeof seeded)[number]) => c.content.includes('100%')],
    ['search=_', () => false],
    ['type=file', (c: (typeof seeded)[number]) => c.hasFiles],
    ['type=text', (c: (typeof seeded)[number]) => !c.hasFiles],
    ['favorite=true', (c: (typeof seeded)[number]) => c.isFavorite],
    ['favorite=false', (c: (typeof seeded)[number]) => !c.isFavorite],
    ['range=today', (c: (typeof seeded)[number]) => now - c.createdAt.getTime() < DAY],
    ['range=week', (c: (typeof seeded)[number]) => now - c.createdAt.getTime() < 8 * DAY],
    ['range=month', (c: (typeof seeded)[number]) => now - c.createdAt.getTime() < 31 * DAY],
    [
      'type=file&favorite=true&search=needle',
      (c: (typeof seeded)[number]) => c.hasFiles && c.isFavorite && c.content.includes('needle'),
    ],
  ])('%s', async (query, keep) => {
    const result = await history(`limit=100&${query}`);
    expect(result.ids).toEqual(expectedIds(keep));
    expect(result.total).toBe(result.ids.length);
  });

  test('bad filters are a 400, not a 500', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/clipboard/history?limit=0&range=year',
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('favourites answer { clips, total } paged; stats count in SQL', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/clipboard/favorites?limit=5',
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    const favourites = expectedIds((c) => c.isFavorite);
    expect(res.json().total).toBe(favourites.length);
    expect(res.json().clips.map((clip: { id: string }) => clip.id)).toEqual(favourites.slice(0, 5));

    const stats = await testApp.app.inject({
      method: 'GET',
      url: '/api/clipboard/stats',
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    expect(stats.json()).toEqual({
      totalClips: 30,
      textClips: seeded.filter((c) => !c.hasFiles).length,
      favoriteClips: favourites.length,
      activeRooms: 0,
    });
  });

  test('history, favourites and stats need a signed-in caller', async () => {
    for (const url of ['/api/clipboard/history', '/api/clipboard/favorites', '/api/clipboard/stats']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  test('drafts older than 24 h are purged; newer drafts and real clips stay', async () => {
    const { db } = testApp.context.database;
    const freshDraft = newId();
    await db.insert(clips).values({ id: freshDraft, userId: user.id, content: '', isDraft: true });
    const removed = await purgeDrafts({ db, sharedAnswers: undefined }, new Date(now - DAY));
    expect(removed).toBe(1);
    const [{ remaining } = { remaining: 0 }] = await db
      .select({ remaining: sql<number>`count(*)`.mapWith(Number) })
      .from(clips)
      .where(sql`${clips.userId} = ${user.id}`);
    expect(remaining).toBe(31);
  });
});
