import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clip } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { clipFiles } from '../../db/schema';

const MIB = 1024 * 1024;

/** Upload helpers bound to one test app. */
function clipsApi(testApp: TestApp) {
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.tokens.access_token}` });
  return {
    async createClip(user: TestUser): Promise<Clip> {
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/clipboard',
        // No text: the quota counts text too, and these tests count file bytes exactly.
        payload: { content: '' },
        headers: auth(user),
      });
      return res.json();
    },
    upload(user: TestUser, clipId: string, name: string, bytes: number) {
      const body = multipartFile('file', name, 'application/octet-stream', Buffer.alloc(bytes, 1));
      return testApp.app.inject({
        method: 'POST',
        url: `/api/clipboard/${clipId}/files`,
        payload: body.payload,
        headers: { ...body.headers, ...auth(user) },
      });
    },
    deleteFile(user: TestUser, clipId: string, fileId: string) {
      return testApp.app.inject({
        method: 'DELETE',
        url: `/api/clipboard/${clipId}/files/${fileId}`,
        headers: auth(user),
      });
    },
    /** Stored files on disk (temporary ones excluded). */
    async keptFiles(): Promise<number> {
      const root = join(testApp.config.dataDir, 'files');
      const dirs = (await readdir(root)).filter((name) => name !== 'tmp');
      return (await Promise.all(dirs.map((dir) => readdir(join(root, dir))))).flat().length;
    },
  };
}

describe('storage quota per user', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof clipsApi>;
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(2 * MIB) });
    api = clipsApi(testApp);
  });
  afterAll(() => testApp.close());

  test('a file that would overfill the quota is a 413 naming the limit, and its bytes are not kept', async () => {
    const owner = await testApp.factory.user();
    const [first, second] = [await api.createClip(owner), await api.createClip(owner)];
    expect((await api.upload(owner, first.id, 'a.bin', 1.5 * MIB)).statusCode).toBe(201);
    const kept = await api.keptFiles();

    // Counted across all of the user's clips.
    const refused = await api.upload(owner, second.id, 'b.bin', 0.5 * MIB + 1);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      error: 'b.bin (512.0 KB) is larger than the 512 KB left of your 2 MB',
      overQuota: { fileName: 'b.bin', fileBytes: 0.5 * MIB + 1, leftBytes: 0.5 * MIB, quotaBytes: 2 * MIB },
      requestId: expect.any(String),
    });
    expect(await api.keptFiles()).toBe(kept);

    const exact = await api.upload(owner, second.id, 'b.bin', 0.5 * MIB);
    expect(exact.statusCode).toBe(201);
    expect(await api.keptFiles()).toBe(kept + 1);

    // Another user has their own quota.
    const other = await testApp.factory.user();
    expect((await api.upload(other, (await api.createClip(other)).id, 'c.bin', MIB)).statusCode).toBe(201);

    // Deleting a file makes room again.
    expect((await api.deleteFile(owner, second.id, exact.json().file.id)).statusCode).toBe(204);
    expect((await api.upload(owner, second.id, 'd.bin', 0.5 * MIB)).statusCode).toBe(201);
  });

  test('a user already at the quota is refused before the body is read, and the connection closed', async () => {
    const owner = await testApp.factory.user();
    const clip = await api.createClip(owner);
    expect((await api.upload(owner, clip.id, 'full.bin', 2 * MIB)).statusCode).toBe(201);
    const refused = await api.upload(owner, clip.id, 'more.bin', MIB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(refused.headers.connection).toBe('close');
    // Even an empty file: there is no room left at all.
    expect((await api.upload(owner, clip.id, 'empty.bin', 0)).json().code).toBe('QUOTA_EXCEEDED');
  });

  test('concurrent uploads of one user cannot together overfill the quota', async () => {
    const owner = await testApp.factory.user();
    // One clip each, so nothing but the owner's lock makes them take turns.
    const clips = await Promise.all(Array.from({ length: 6 }, () => api.createClip(owner)));
    const kept = await api.keptFiles();
    // Six uploads of 0.5 MB into a 2 MB quota: exactly four fit.
    const results = await Promise.all(clips.map((clip, i) => api.upload(owner, clip.id, `part${i}.bin`, 0.5 * MIB)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 413, 413]);
    expect(await api.keptFiles()).toBe(kept + 4);
  });
});

describe('files per clip', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof clipsApi>;
  let owner: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ MAX_FILES_PER_CLIP: '2' });
    api = clipsApi(testApp);
    owner = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  test('a third file is a 409 with the limit in the message; another clip still takes files', async () => {
    const clip = await api.createClip(owner);
    expect((await api.upload(owner, clip.id, 'one.txt', 1)).statusCode).toBe(201);
    const second = await api.upload(owner, clip.id, 'two.txt', 1);
    expect(second.statusCode).toBe(201);
    const kept = await api.keptFiles();

    const third = await api.upload(owner, clip.id, 'three.txt', 1);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: 'TOO_MANY_FILES',
      error: 'A clip can hold at most 2 files.',
      requestId: expect.any(String),
    });
    expect(await api.keptFiles()).toBe(kept);

    expect((await api.upload(owner, (await api.createClip(owner)).id, 'elsewhere.txt', 1)).statusCode).toBe(201);
    expect((await api.deleteFile(owner, clip.id, second.json().file.id)).statusCode).toBe(204);
    expect((await api.upload(owner, clip.id, 'three.txt', 1)).statusCode).toBe(201);
  });

  test('concurrent uploads to one clip cannot together exceed the cap', async () => {
    const clip = await api.createClip(owner);
    const kept = await api.keptFiles();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => api.upload(owner, clip.id, `f${i}.txt`, 1)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await api.keptFiles()).toBe(kept + 2);
  });
});

describe('the upload answer', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof clipsApi>;
  beforeAll(async () => {
    testApp = await buildTestApp();
    api = clipsApi(testApp);
  });
  afterAll(() => testApp.close());

  test('concurrent uploads to one clip each get back their own file', async () => {
    const owner = await testApp.factory.user();
    const clip = await api.createClip(owner);
    const names = Array.from({ length: 12 }, (_, i) => `upload-${i}.txt`);
    const results = await Promise.all(names.map((name, i) => api.upload(owner, clip.id, name, i + 1)));
    for (const [i, res] of results.entries()) {
      expect(res.statusCode).toBe(201);
      expect(res.json().file).toMatchObject({ name: names[i], size: i + 1 });
      expect(res.json().url).toBe(res.json().file.url);
    }
    expect(new Set(results.map((res) => res.json().file.id)).size).toBe(names.length);
  });

  // PGlite runs one transaction at a time, so the race above shows only on PostgreSQL, where a file
  // whose transaction began later can commit first and sort after ours. This stages that order.
  test('the answer is the uploaded file even when another file sorts after it', async () => {
    const owner = await testApp.factory.user();
    const clip = await api.createClip(owner);
    const other = (await api.upload(owner, clip.id, 'other.txt', 1)).json().file;
    await testApp.context.db
      .update(clipFiles)
      .set({ createdAt: sql`now() + interval '1 minute'` })
      .where(eq(clipFiles.id, other.id));
    const mine = await api.upload(owner, clip.id, 'mine.txt', 2);
    expect(mine.json().file).toMatchObject({ name: 'mine.txt', size: 2 });
    expect(mine.json().file.id).not.toBe(other.id);
  });
});

describe('a file larger than the room left', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof clipsApi>;
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(5 * MIB) });
    api = clipsApi(testApp);
  });
  afterAll(() => testApp.close());

  test('is refused with its name, its size, the room left and the quota, and the clip keeps no part of it', async () => {
    const owner = await testApp.factory.user();
    // 69 bytes used: far from full, so "Your storage is full" would be untrue.
    const words = await testApp.as(owner).post('/api/clipboard', { content: 'x'.repeat(69) });
    expect(words.statusCode).toBe(201);
    const clip = await api.createClip(owner);
    const kept = await api.keptFiles();
    const fileBytes = Math.round(6.04 * MIB);

    const refused = await api.upload(owner, clip.id, 'report.pdf', fileBytes);

    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      error: 'report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB',
      overQuota: { fileName: 'report.pdf', fileBytes, leftBytes: 5 * MIB - 69, quotaBytes: 5 * MIB },
      requestId: expect.any(String),
    });
    expect(await api.keptFiles()).toBe(kept);
    const stored = await testApp.as(owner).get(`/api/clipboard/${clip.id}`);
    expect(stored.json<Clip>().files).toEqual([]);
  });
});
