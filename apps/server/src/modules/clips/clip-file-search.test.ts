import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';

/** Search on the clip lists (All Clips, Favorites, the dashboard) finds a clip by its files' names too. */
describe('clip search matches file names', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    [owner, stranger] = [await testApp.factory.user(), await testApp.factory.user()];
  });
  afterAll(() => testApp.close());

  const historyIds = async (user: TestUser, search: string) => {
    const res = await testApp.as(user).get(`/api/clipboard/history?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    return { ids: res.json().map((clip: { id: string }) => clip.id) as string[], total: res.headers['x-total-count'] };
  };

  test('a clip found by its file name only, case-insensitive, and not another user’s', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'meeting notes' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'Quarterly-Report_2026.pdf', type: 'application/pdf' });
    const theirs = await testApp.factory.clip({ owner: stranger, content: 'other' });
    await testApp.factory.file({ owner: stranger, clipId: theirs.id, name: 'quarterly-report_2026.pdf' });

    expect(await historyIds(owner, 'quarterly-REPORT')).toEqual({ ids: [clip.id], total: '1' });
    // A LIKE wildcard in the term is taken literally: "_2026" matches the underscore only.
    expect((await historyIds(owner, 'report_2026')).ids).toEqual([clip.id]);
    expect((await historyIds(owner, 'report%2026')).ids).toEqual([]);
    expect((await historyIds(owner, 'meeting')).ids).toEqual([clip.id]);
  });

  test('favourites search file names too', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'holiday' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'beach-photo.png', type: 'image/png' });
    const unstarred = await testApp.factory.clip({ owner, content: 'beach-photo.png is not attached here' });
    expect((await testApp.as(owner).post(`/api/clipboard/${clip.id}/favorite`)).json()).toEqual({ isFavorite: true });

    const res = await testApp.as(owner).get('/api/clipboard/favorites?search=BEACH-photo');
    expect(res.statusCode).toBe(200);
    expect(res.json().clips.map((found: { id: string }) => found.id)).toEqual([clip.id]);
    expect((await historyIds(owner, 'beach-photo')).ids).toEqual([unstarred.id, clip.id]);
  });

  test('a removed file no longer finds its clip; the other files still do', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'two files' });
    const kept = await testApp.factory.file({ owner, clipId: clip.id, name: 'kept-invoice.txt' });
    const removed = await testApp.factory.file({ owner, clipId: clip.id, name: 'gone-receipt.txt' });
    expect((await historyIds(owner, 'gone-receipt')).ids).toEqual([clip.id]);

    const res = await testApp.as(owner).delete(`/api/clipboard/${clip.id}/files/${removed.file.id}`);
    expect(res.statusCode).toBe(204);
    expect((await historyIds(owner, 'gone-receipt')).ids).toEqual([]);
    expect((await historyIds(owner, kept.file.name)).ids).toEqual([clip.id]);
  });

  test('a term across a line break is found in the text, never across the end of the text and a file name', async () => {
    const acrossLines = await testApp.factory.clip({ owner, content: 'first line ends in alpha\nbeta opens the next' });
    const textThenFile = await testApp.factory.clip({ owner, content: 'this text ends in alpha' });
    await testApp.factory.file({ owner, clipId: textThenFile.id, name: 'beta-sheet.txt' });
    const twoFiles = await testApp.factory.clip({ owner, content: 'files only' });
    await testApp.factory.file({ owner, clipId: twoFiles.id, name: 'first-alpha' });
    await testApp.factory.file({ owner, clipId: twoFiles.id, name: 'beta-second' });

    expect(await historyIds(owner, 'alpha\nbeta')).toEqual({ ids: [acrossLines.id], total: '1' });
    // A text ending in a carriage return, then the line break the copy adds: still not one line with the name.
    const crThenFile = await testApp.factory.clip({ owner, content: 'windows text ends in gamma\r' });
    await testApp.factory.file({ owner, clipId: crThenFile.id, name: 'delta.txt' });
    expect((await historyIds(owner, 'GAMMA\r\ndelta')).ids).toEqual([]);
    expect((await historyIds(owner, 'alpha')).ids).toEqual([twoFiles.id, textThenFile.id, acrossLines.id]);
  });
});
