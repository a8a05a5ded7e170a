import { CLIP_VIEW_LOG_SIZE, ClipOrCard } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { PgliteConnection } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';

// Only the embedded database answers from memory (with DATABASE_URL every read asks): these count its
// statements, and are off the PostgreSQL leg (vitest.config.ts).
describe('a shared clip opened by many, on the embedded database', () => {
  let testApp: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  const read = (id: string) =>
    testApp.as(null).inject('GET', `/api/clipboard/${id}`, undefined, { 'user-agent': USER_AGENTS.firefoxLinux });
  /** What Drizzle sends the embedded database's statements through, to count them. */
  const pgliteClient = () => {
    if (testApp.context.database.kind !== 'pglite') throw new Error('the embedded database is PGlite');
    return Reflect.get(testApp.context.db, '$client') as PgliteConnection;
  };
  const logOf = async (clipId: string) =>
    (await testApp.as(owner).get(`/api/clipboard/${clipId}/views`)).json().views as unknown[];

  test('200 reads of an unprotected clip cost a handful of statements, every view logged', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'popular' });
    expect((await read(clip.id)).statusCode).toBe(200);
    const client = pgliteClient();
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
  });

  test("a new clip's first signed-out read is answered from what its create wrote, as the database would answer it", async () => {
    const created = await testApp.as(owner).post('/api/clipboard', { content: 'fresh' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const client = pgliteClient();
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
  });
});
