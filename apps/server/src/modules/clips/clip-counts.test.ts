import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { clips } from '../../db/schema';

/**
 * The totals and stats come from counts the database keeps with triggers (migration 0004). Whatever a
 * user does, they must equal a fresh count over the clips themselves.
 */
let testApp: TestApp;
let user: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  user = await testApp.factory.user();
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.tokens.access_token}` } });

async function freshCounts() {
  const { db } = testApp.context.database;
  const mine = and(eq(clips.userId, user.id), eq(clips.isDraft, false));
  const [row] = await db
    .select({
      total: count(),
      favorites: sql<number>`count(*) filter (where ${clips.isFavorite})`.mapWith(Number),
      textOnly: sql<number>`count(*) filter (where not ${clips.hasFiles})`.mapWith(Number),
    })
    .from(clips)
    .where(mine);
  return row ?? { total: 0, favorites: 0, textOnly: 0 };
}

/** Stats and every history total the kept counts answer (a one-item page always asks for the total). */
async function expectCountsTrue() {
  const fresh = await freshCounts();
  expect((await call('GET', '/api/clipboard/stats')).json()).toMatchObject({
    totalClips: fresh.total,
    favoriteClips: fresh.favorites,
    textClips: fresh.textOnly,
  });
  const totalFor = async (filter: string) =>
    Number((await call('GET', `/api/clipboard/history?limit=1&offset=0${filter}`)).headers['x-total-count']);
  expect(await totalFor('')).toBe(fresh.total);
  expect(await totalFor('&favorite=true')).toBe(fresh.favorites);
  expect(await totalFor('&favorite=false')).toBe(fresh.total - fresh.favorites);
  expect(await totalFor('&type=text')).toBe(fresh.textOnly);
  expect(await totalFor('&type=file')).toBe(fresh.total - fresh.textOnly);
}

test('kept counts equal a fresh count through every kind of change', async () => {
  await expectCountsTrue();
  const ids: string[] = [];
  for (const content of ['one', 'two', 'three', ''])
    ids.push((await call('POST', '/api/clipboard', { content })).json().id);
  const [one, two, three, draft] = ids as [string, string, string, string];
  await expectCountsTrue();

  await call('POST', `/api/clipboard/${one}/favorite`);
  await call('POST', `/api/clipboard/${two}/favorite`);
  await call('POST', `/api/clipboard/${two}/favorite`);
  await expectCountsTrue();

  // A file turns a draft into a clip and a text clip into a file clip; removing it turns them back.
  const upload = (clipId: string) => {
    const body = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('file'));
    return testApp.app.inject({
      method: 'POST',
      url: `/api/clipboard/${clipId}/files`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.tokens.access_token}` },
    });
  };
  const draftFile = (await upload(draft)).json().file.id;
  await upload(three);
  await expectCountsTrue();
  await call('DELETE', `/api/clipboard/${draft}/files/${draftFile}`);
  await expectCountsTrue();

  // Emptying a clip makes it a draft; giving it text makes it count again.
  await call('PUT', `/api/clipboard/${one}`, { content: '' });
  await expectCountsTrue();
  await call('PUT', `/api/clipboard/${one}`, { content: 'back again' });
  await expectCountsTrue();

  await call('DELETE', `/api/clipboard/${three}`);
  await call('DELETE', `/api/clipboard/${one}`);
  await expectCountsTrue();
  expect((await call('GET', '/api/clipboard/stats')).json()).toMatchObject({ totalClips: 1, favoriteClips: 0 });
});

test('an upload racing the removal of the last file leaves the flags matching the stored files', async () => {
  const clipId = (await call('POST', '/api/clipboard', { content: '' })).json().id as string;
  const upload = (name: string) => {
    const body = multipartFile('file', name, 'text/plain', Buffer.from(name));
    return testApp.app.inject({
      method: 'POST',
      url: `/api/clipboard/${clipId}/files`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.tokens.access_token}` },
    });
  };
  for (let round = 0; round < 5; round++) {
    const last = (await upload(`first-${round}.txt`)).json().file.id as string;
    await Promise.all([call('DELETE', `/api/clipboard/${clipId}/files/${last}`), upload(`second-${round}.txt`)]);
    const clip = (await call('GET', `/api/clipboard/${clipId}`)).json();
    expect(clip.files.map((file: { name: string }) => file.name)).toContain(`second-${round}.txt`);
    const { db } = testApp.context.database;
    const [row] = await db.select().from(clips).where(eq(clips.id, clipId));
    expect(row).toMatchObject({ hasFiles: true, isDraft: false });
  }
  await expectCountsTrue();
});
