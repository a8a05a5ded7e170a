import { HISTORY_TOTAL_AHEAD } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { clips } from '../../db/schema';
import { newId } from '../../lib/secure-tokens';

/**
 * Search pages come from the newest clips in history order when a page fills there, from the trigram index
 * otherwise; counted totals stop HISTORY_TOTAL_AHEAD past the page's start. Either way the page is the same as a plain filter
 * over every clip would give.
 */
describe('history search over many clips', () => {
  let testApp: TestApp;
  let user: TestUser;
  const now = Date.now();
  // 2 600 clips, newest first: 'common' in every 2nd (1 300, over the cap of page 1), 'rare' only in old ones (every
  // 50th from the 2 000th), and the newest clip with 'common' encrypted (never found).
  const seeded = Array.from({ length: 2_600 }, (_, i) => ({
    id: newId(),
    content: `${i % 2 === 0 ? 'Common' : 'plain'} ${i}${i >= 2_000 && i % 50 === 0 ? ' rare' : ''}`,
    encrypted: i === 0,
    createdAt: new Date(now - i * 60_000),
  }));

  beforeAll(async () => {
    testApp = await buildTestApp();
    user = await testApp.factory.user();
    const { db } = testApp.context.database;
    for (let first = 0; first < seeded.length; first += 500) {
      const rows = seeded.slice(first, first + 500).map((clip) => ({
        ...clip,
        userId: user.id,
        isDraft: false,
        updatedAt: clip.createdAt,
      }));
      await db.insert(clips).values(rows);
    }
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
      total: res.headers['x-total-count'],
      capped: res.headers['x-total-count-capped'],
    };
  };
  const matching = (word: string) =>
    seeded.filter((clip) => !clip.encrypted && clip.content.toLowerCase().includes(word)).map((clip) => clip.id);

  test.each([
    ['page 1 of a common word (found among the newest)', 'search=common&limit=20&offset=0', 'common', 0],
    ['page 3 of it', 'search=COMMON&limit=20&offset=40', 'common', 40],
    ['a page past the newest clips (the trigram index)', 'search=common&limit=20&offset=1100', 'common', 1100],
    ['a word only old clips hold', 'search=rare&limit=5&offset=0', 'rare', 0],
  ])('%s: the same page as a filter over every clip', async (_case, query, word, offset) => {
    const limit = Number(new URLSearchParams(query).get('limit'));
    expect((await history(query)).ids).toEqual(matching(word).slice(offset, offset + limit));
  });

  test(`a counted total stops ${HISTORY_TOTAL_AHEAD} past the page's start and says so; a smaller one is exact`, async () => {
    const common = matching('common').length;
    expect(common).toBeGreaterThan(1_000 + HISTORY_TOTAL_AHEAD);
    expect(await history('search=common&limit=20')).toMatchObject({
      total: String(HISTORY_TOTAL_AHEAD),
      capped: 'true',
    });
    expect(await history('search=common&limit=20&offset=1000')).toMatchObject({
      total: String(1_000 + HISTORY_TOTAL_AHEAD),
      capped: 'true',
    });
    // Within the cap of a later page, the total is exact.
    expect(await history('search=common&limit=20&offset=1100')).toMatchObject({
      total: String(common),
      capped: undefined,
    });
    expect(await history('search=rare&limit=5')).toMatchObject({ total: String(matching('rare').length) });
    expect((await history('search=rare&limit=5')).capped).toBeUndefined();
    // Kept counts (no search, no range) stay exact whatever their size.
    expect(await history('limit=20')).toMatchObject({ total: String(seeded.length), capped: undefined });
  });
});
