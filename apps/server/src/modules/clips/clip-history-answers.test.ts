import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { clipCounts, clips } from '../../db/schema';

/**
 * A history page asked again is answered from memory while none of the user's clips changed. Whatever
 * changes, the next answer must be the one a fresh build gives: a page size never asked before is built
 * fresh, and the remembered page (limit 20, more than the clips here) must equal it.
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

async function page(query: string) {
  const res = await call('GET', `/api/clipboard/history?${query}`);
  expect(res.statusCode).toBe(200);
  return { clips: res.json(), total: res.headers['x-total-count'], capped: res.headers['x-total-count-capped'] };
}

let freshLimit = 30;
/** The remembered pages (every filter the cache keeps) against pages built fresh. */
async function expectRememberedTrue() {
  for (const filter of ['', '&search=note', '&favorite=true', '&type=file']) {
    freshLimit += 1;
    expect(await page(`limit=20${filter}`)).toEqual(await page(`limit=${freshLimit}${filter}`));
  }
}

test('a remembered history page follows every kind of change to the clips', async () => {
  const create = async (content: string) => (await call('POST', '/api/clipboard', { content })).json().id as string;
  const one = await create('a note to keep');
  const two = await create('another note');
  const draft = await create('');
  await expectRememberedTrue();

  await call('PUT', `/api/clipboard/${one}`, { content: 'an edited note' });
  await expectRememberedTrue();
  await call('POST', `/api/clipboard/${two}/favorite`);
  await expectRememberedTrue();
  await call('PUT', `/api/clipboard/${two}/share`, { maxViews: 3 });
  await expectRememberedTrue();

  const body = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('file'));
  const upload = await testApp.app.inject({
    method: 'POST',
    url: `/api/clipboard/${draft}/files`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${user.tokens.access_token}` },
  });
  expect(upload.statusCode).toBe(201);
  await expectRememberedTrue();
  await call('DELETE', `/api/clipboard/${draft}/files/${upload.json().file.id}`);
  await expectRememberedTrue();

  await call('DELETE', `/api/clipboard/${one}`);
  await expectRememberedTrue();
  expect((await page('limit=20')).clips.map((clip: { id: string }) => clip.id)).toEqual([two]);
});

test('a change made around this server (another node, the database itself) is seen at the next read', async () => {
  const id = (await call('POST', '/api/clipboard', { content: 'before' })).json().id as string;
  expect((await page('limit=20')).clips[0].content).toBe('before');
  const { db } = testApp.context.database;
  await db.update(clips).set({ content: 'after' }).where(eq(clips.id, id));
  expect((await page('limit=20')).clips[0].content).toBe('after');
});

test('the same page under an unchanged version is the remembered one, not read again', async () => {
  const id = (await call('POST', '/api/clipboard', { content: 'remembered' })).json().id as string;
  expect((await page('limit=20')).clips[0].content).toBe('remembered');
  // Changed behind the version's back: only a page read again from the clips would show it.
  const { db } = testApp.context.database;
  await db.transaction(async (tx) => {
    await tx.update(clips).set({ content: 'not seen' }).where(eq(clips.id, id));
    await tx
      .update(clipCounts)
      .set({ version: sql`${clipCounts.version} - 1` })
      .where(eq(clipCounts.userId, user.id));
  });
  expect((await page('limit=20')).clips[0].content).toBe('remembered');
  // A date range depends on the clock, so it is never remembered.
  expect((await page('limit=20&range=month')).clips[0].content).toBe('not seen');
});
