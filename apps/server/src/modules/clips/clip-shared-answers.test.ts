import { CLIP_VIEW_LOG_SIZE, ClipOrCard } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PgliteWorker } from '../../db/pglite-worker-client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';

// Only the embedded database answers from memory: with DATABASE_URL every read asks, as before.
const onPostgres = process.env.TEST_DB === 'postgres';

describe('a shared clip opened by many', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const read = (id: string) =>
    testApp.as(null).inject('GET', `/api/clipboard/${id}`, undefined, { 'user-agent': USER_AGENTS.firefoxLinux });
  const logOf = async (clipId: string) =>
    (await testApp.as(owner).get(`/api/clipboard/${clipId}/views`)).json().views as unknown[];

  test.skipIf(onPostgres)(
    '200 reads of an unprotected clip cost a handful of statements, every view logged',
    async () => {
      const clip = await testApp.factory.clip({ owner, content: 'popular' });
      expect((await read(clip.id)).statusCode).toBe(200);
      const client: unknown = Reflect.get(testApp.context.db, '$client');
      if (!(client instanceof PgliteWorker)) throw new Error("the embedded database is PGlite's worker");
      const calls = [vi.spyOn(client, 'query'), vi.spyOn(client, 'exec'), vi.spyOn(client, 'transaction')];
      const answers = await Promise.all(Array.from({ length: 200 }, () => read(clip.id)));
      expect(answers.every((answer) => answer.statusCode === 200 && answer.json().content === 'popular')).toBe(true);
      const statements = () => calls.reduce((total, spy) => total + spy.mock.calls.length, 0);
      const beforeFlush = statements();
      // No read's own: at most the batch's timer writing once (its insert and trim in one transaction).
      expect(beforeFlush).toBeLessThanOrEqual(3);
      expect(await logOf(clip.id)).toHaveLength(Math.min(201, CLIP_VIEW_LOG_SIZE));
      // The owner's read of the log: its clip, the batch's insert and trim (one transaction), the log.
      expect(statements() - beforeFlush).toBeLessThanOrEqual(6);
      for (const spy of calls) spy.mockRestore();
    },
  );

  test.skipIf(onPostgres)(
    "a new clip's first signed-out read is answered from what its create wrote, as the database would answer it",
    async () => {
      const created = await testApp.as(owner).post('/api/clipboard', { content: 'fresh' });
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };
      const client: unknown = Reflect.get(testApp.context.db, '$client');
      if (!(client instanceof PgliteWorker)) throw new Error("the embedded database is PGlite's worker");
      const query = vi.spyOn(client, 'query');
      const first = await read(id);
      expect(query).not.toHaveBeenCalled();
      query.mockRestore();
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe(JSON.stringify(ClipOrCard.encode(first.json())));
      expect(first.json()).toMatchObject({ id, content: 'fresh', ownerName: expect.any(String) });

      // New link settings equal to the old drop the answer: the next read asks the database.
      const share = `/api/clipboard/${id}/share`;
      expect((await testApp.as(owner).put(share, { maxViews: null })).statusCode).toBe(200);
      expect((await read(id)).body).toBe(first.body);
    },
  );

  test('a save, a favourite, new link settings and a stopped link are answered at once', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'first' });
    expect((await read(clip.id)).json()).toMatchObject({ content: 'first', isFavorite: false });
    expect((await read(clip.id)).json()).toMatchObject({ content: 'first' });

    expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: 'second' })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second' });

    expect((await testApp.as(owner).post(`/api/clipboard/${clip.id}/favorite`)).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second', isFavorite: true });

    const share = `/api/clipboard/${clip.id}/share`;
    expect((await testApp.as(owner).put(share, { maxViews: 3 })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).not.toHaveProperty('content');
    expect((await testApp.as(owner).put(share, { maxViews: null })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second' });

    expect((await testApp.as(owner).delete(share)).statusCode).toBe(204);
    expect((await read(clip.id)).statusCode).toBe(404);
  });

  test('a deleted clip, a takedown and a deleted account end the answer at once', async () => {
    const deleted = await testApp.factory.clip({ owner, content: 'going' });
    expect((await read(deleted.id)).statusCode).toBe(200);
    expect((await testApp.as(owner).delete(`/api/clipboard/${deleted.id}`)).statusCode).toBe(204);
    expect((await read(deleted.id)).statusCode).toBe(404);

    const reported = await testApp.factory.clip({ owner, content: 'reported' });
    expect((await read(reported.id)).statusCode).toBe(200);
    const takedown = `/api/admin/reports/clip/${reported.id}/takedown`;
    expect((await testApp.as(admin).post(takedown, { reason: 'spam' })).statusCode).toBe(204);
    expect((await read(reported.id)).statusCode).toBe(410); // what a taken-down clip answers others

    const leaving = await testApp.factory.user();
    const theirs = await testApp.factory.clip({ owner: leaving, content: 'theirs' });
    expect((await read(theirs.id)).statusCode).toBe(200);
    const removal = await testApp
      .as(admin)
      .inject('DELETE', `/api/admin/users/${leaving.id}`, { email: leaving.email });
    expect(removal.statusCode).toBe(204);
    expect((await read(theirs.id)).statusCode).toBe(404);
  });

  test('an expiring link is read each time, so it ends at its time', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'briefly' });
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}/share`, { expiresAt })).statusCode).toBe(200);
    expect((await read(clip.id)).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await read(clip.id)).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  test("every answer's bytes are those the response schema writes: a remembered one, the owner's, a card", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'bytes' });
    const share = `/api/clipboard/${clip.id}/share`;
    const answers = [
      await read(clip.id),
      await read(clip.id),
      await testApp.as(owner).get(`/api/clipboard/${clip.id}`),
    ];
    expect((await testApp.as(owner).put(share, { maxViews: 2 })).statusCode).toBe(200);
    answers.push(await read(clip.id), await testApp.as(owner).get(`/api/clipboard/${clip.id}`));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify(ClipOrCard.encode(answer.json())));
    }
  });
});
