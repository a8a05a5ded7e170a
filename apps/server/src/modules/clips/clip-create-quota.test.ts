import { CLIP_ENDPOINTS, DESKTOP_ENDPOINTS, ROOM_ENDPOINTS, type Clip } from '@clipsync/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { rowsOf } from '../../db/raw-rows';
import { storageOf } from '../../lib/storage-quota';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const KIB = 1024;
const QUOTA_BYTES = 200 * KIB;
const text = (kib: number) => 'x'.repeat(kib * KIB);

/**
 * New clips go through the write queue (creates that arrive together commit in one transaction, each in its
 * own savepoint) and their quota check reads the user's kept total: neither may let racing creates overfill
 * the quota, nor the total drift from what the user really stores.
 */
describe('creating clips at the edge of the storage quota', () => {
  let testApp: TestApp;
  const create = (user: TestUser, content: string) => testApp.as(user).post('/api/clipboard', { content });

  /** What the quota's check reads, beside the sum of everything the quota counts, summed afresh. */
  async function storageAndSum(user: TestUser): Promise<{ kept: number; summed: number }> {
    const { db } = testApp.context;
    const { usedBytes } = await storageOf(db, { freeBytes: QUOTA_BYTES, paymentsEnabled: false }, user.id);
    const [summed] = rowsOf<{ bytes: string }>(
      await db.execute(sql`select
        coalesce((select bytes from text_usage where user_id = ${user.id}), 0)
        + (select coalesce(sum(size), 0) from clip_files where user_id = ${user.id})
        + (select coalesce(sum(file_size), 0) from room_content where user_id = ${user.id} and storage_key is not null)
        + (select coalesce(sum(coalesce(i.file_size, 0) + octet_length(i.content)), 0)
             from desktop_items i join desktops d on d.id = i.desktop_id where d.owner_id = ${user.id})
        as bytes`),
    );
    return { kept: usedBytes, summed: Number(summed?.bytes) };
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA_BYTES), RATE_LIMIT_PER_MINUTE: '100000' });
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('ten creates racing for room for six: six are kept, four are a 413, and the quota is not passed', async () => {
    const user = await testApp.factory.user();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(user, text(33))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 201, 201, 201, 201, 413, 413, 413, 413,
    ]);
    for (const refused of answers.filter((answer) => answer.statusCode === 413)) {
      expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    }
    expect((await testApp.as(user).get('/api/clipboard/stats')).json()).toMatchObject({ totalClips: 6 });
    expect(await storageAndSum(user)).toEqual({ kept: 6 * 33 * KIB, summed: 6 * 33 * KIB });
    // Every created clip answered is stored and readable, with its own content.
    for (const made of answers.filter((answer) => answer.statusCode === 201)) {
      const clip = made.json<Clip>();
      expect((await testApp.as(user).get(`/api/clipboard/${clip.id}`)).json<Clip>().content).toBe(text(33));
    }
  });

  test('creates of several users racing together: each user’s own quota decides, not the batch', async () => {
    const [full, empty] = [await testApp.factory.user(), await testApp.factory.user()];
    expect((await create(full, text(190))).statusCode).toBe(201);
    const answers = await Promise.all([
      create(full, text(20)),
      create(empty, text(20)),
      create(full, text(5)),
      create(empty, text(150)),
      create(full, text(10)),
    ]);
    // `full` has 10 KiB left: the 20 is refused whatever its turn; of the 5 and the 10 only one fits.
    const [fullBig, emptySmall, fullFive, emptyBig, fullTen] = answers.map((answer) => answer.statusCode);
    expect([fullBig, emptySmall, emptyBig]).toEqual([413, 201, 201]);
    expect([fullFive, fullTen].sort()).toEqual([201, 413]);
    const fullKept = await storageAndSum(full);
    expect(fullKept.kept).toBe(fullKept.summed);
    expect(fullKept.kept).toBeLessThanOrEqual(QUOTA_BYTES);
    expect(await storageAndSum(empty)).toEqual({ kept: 170 * KIB, summed: 170 * KIB });
  });

  test('creates racing with a save and an upload of the same user never pass the quota together', async () => {
    const user = await testApp.factory.user();
    const clip = (await create(user, text(100))).json<Clip>();
    const upload = testApp.factory.file({ owner: user, clipId: clip.id, content: Buffer.alloc(40 * KIB, 1) });
    const answers = await Promise.all([
      create(user, text(40)).then((answer) => answer.statusCode),
      testApp
        .as(user)
        .put(`/api/clipboard/${clip.id}`, { content: text(140) })
        .then((answer) => answer.statusCode),
      upload.then(
        () => 201,
        () => 413,
      ),
      create(user, text(40)).then((answer) => answer.statusCode),
    ]);
    // 100 KiB stored, each of the four adds 40 KiB: two fit.
    expect(answers.filter((status) => status !== 413)).toHaveLength(2);
    const { kept, summed } = await storageAndSum(user);
    expect(kept).toBe(summed);
    expect(kept).toBeLessThanOrEqual(QUOTA_BYTES);
  });

  test('saves, creates and file uploads of one user racing on different clips all answer: one order of locks', async () => {
    // On PostgreSQL a file write takes the user's usage row, then changes its clip (the counts row); a save
    // or a create whose triggers took the counts row first would deadlock against it (40P01, a 500).
    const user = await testApp.factory.user();
    const edited = (await create(user, 'a')).json<Clip>();
    for (let round = 0; round < 20; round += 1) {
      // Its second file: the first made it a clip with files, so this one changes no count, only the version.
      const withFiles = (await create(user, `files ${round}`)).json<Clip>();
      await testApp.factory.file({ owner: user, clipId: withFiles.id, content: Buffer.alloc(KIB, 1) });
      const answers = await Promise.all([
        testApp
          .as(user)
          .put(`/api/clipboard/${edited.id}`, { content: `edit ${round}` })
          .then((answer) => answer.statusCode),
        testApp.factory
          .file({ owner: user, clipId: withFiles.id, name: 'second.bin', content: Buffer.alloc(KIB, 2) })
          .then(() => 201),
        create(user, `new ${round}`).then((answer) => answer.statusCode),
      ]);
      expect(answers).toEqual([200, 201, 201]);
    }
    const { kept, summed } = await storageAndSum(user);
    expect(kept).toBe(summed);
  });

  test('what the check reads follows every kind of write: files, rooms, the desktop, deletes', async () => {
    const user = await testApp.factory.user();
    const api = testApp.api(user);
    const clip = await testApp.factory.clip({ owner: user, content: 'hello' });
    await testApp.factory.file({ owner: user, clipId: clip.id, content: Buffer.alloc(3 * KIB, 1) });
    const room = await testApp.factory.room({ owner: user });
    await api.call(ROOM_ENDPOINTS.addContent, { params: { id: room.id }, body: { content: 'room text' } });
    await api.call(DESKTOP_ENDPOINTS.addText, { body: { content: 'on the desktop' } });
    let { kept, summed } = await storageAndSum(user);
    expect(kept).toBe(summed);
    expect(kept).toBe(5 + 3 * KIB + 'room text'.length + 'on the desktop'.length);

    await api.call(CLIP_ENDPOINTS.remove, { params: { id: clip.id } });
    ({ kept, summed } = await storageAndSum(user));
    expect(kept).toBe(summed);
    expect(kept).toBe('room text'.length + 'on the desktop'.length);
  });
});
