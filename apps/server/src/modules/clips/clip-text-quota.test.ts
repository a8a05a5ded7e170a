import type { Clip } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { textUsage } from '../../db/schema';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const KIB = 1024;
const QUOTA_BYTES = 200 * KIB;
const text = (kib: number, extraBytes = 0) => 'x'.repeat(kib * KIB + extraBytes);

describe('clip text counts toward the storage quota', () => {
  let testApp: TestApp;
  const create = (user: TestUser, content: string) => testApp.as(user).post('/api/clipboard', { content });
  const save = (user: TestUser, clipId: string, content: string) =>
    testApp.as(user).put(`/api/clipboard/${clipId}`, { content });

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA_BYTES), RATE_LIMIT_PER_MINUTE: '100000' });
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('a new clip whose text would overfill the quota is a 413 naming the limit, and is not kept', async () => {
    const user = await testApp.factory.user();
    expect((await create(user, text(150))).statusCode).toBe(201);
    const refused = await create(user, text(50, 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      error: 'Your files and text may take up to 200KB in total. Delete some to make room for this one.',
    });
    expect((await testApp.as(user).get('/api/clipboard/stats')).json()).toMatchObject({ totalClips: 1 });
    expect((await create(user, text(50))).statusCode).toBe(201);
    // Another user has their own quota.
    expect((await create(await testApp.factory.user(), text(150))).statusCode).toBe(201);
  });

  test('a save that grows a text past the quota is a 413 and keeps what was stored; one that shrinks it always goes through', async () => {
    const user = await testApp.factory.user();
    const clip = (await create(user, text(100))).json<Clip>();
    const other = (await create(user, text(50))).json<Clip>();
    expect((await save(user, clip.id, text(150))).statusCode).toBe(200);
    const refused = await save(user, clip.id, text(150, 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect((await testApp.as(user).get(`/api/clipboard/${clip.id}`)).json<Clip>().content).toBe(text(150));
    // Full to the byte: a save of the same length, or a shorter one, still goes through.
    expect((await save(user, other.id, 'y'.repeat(50 * KIB))).statusCode).toBe(200);
    expect((await save(user, other.id, 'short')).statusCode).toBe(200);
    expect((await save(user, clip.id, text(150, 1))).statusCode).toBe(200);
  });

  test('a stale save that would grow the text past the quota is an edit conflict, not a quota refusal', async () => {
    const user = await testApp.factory.user();
    const clip = (await create(user, text(100))).json<Clip>();
    const saveFrom = (content: string) =>
      testApp.as(user).put(`/api/clipboard/${clip.id}`, { content, version: clip.version });
    expect((await saveFrom(text(200))).statusCode).toBe(200);
    // Over the quota, as after an administrator lowered it.
    await testApp.context.db
      .update(textUsage)
      .set({ bytes: sql`${textUsage.bytes} + 1` })
      .where(eq(textUsage.userId, user.id));
    const stale = await saveFrom(text(200, 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT', current: { version: clip.version + 1 } });
  });

  test('deleting a clip gives its text’s room back', async () => {
    const user = await testApp.factory.user();
    const clip = (await create(user, text(200))).json<Clip>();
    expect((await save(user, clip.id, `${text(200)}x`)).statusCode).toBe(413);
    expect((await testApp.as(user).delete(`/api/clipboard/${clip.id}`)).statusCode).toBe(204);
    expect((await create(user, text(200))).statusCode).toBe(201);
  });

  test('parallel saves of one user’s clips cannot together overfill the quota', async () => {
    const user = await testApp.factory.user();
    const clips = await Promise.all(Array.from({ length: 6 }, async () => (await create(user, 'x')).json<Clip>()));
    // Six texts of 40 KiB into 200 KiB (6 bytes already used): exactly four fit.
    const results = await Promise.all(clips.map((clip) => save(user, clip.id, text(40))));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 413, 413]);
  });

  test('text and files share one budget: text filling it refuses an upload', async () => {
    const user = await testApp.factory.user();
    const clip = (await create(user, text(199))).json<Clip>();
    const upload = (bytes: number) => {
      const body = multipartFile('file', 'a.bin', 'application/octet-stream', Buffer.alloc(bytes, 1));
      return testApp.as(user).inject('POST', `/api/clipboard/${clip.id}/files`, body.payload, body.headers);
    };
    expect((await upload(KIB + 1)).statusCode).toBe(413);
    expect((await upload(KIB)).statusCode).toBe(201);
  });
});
