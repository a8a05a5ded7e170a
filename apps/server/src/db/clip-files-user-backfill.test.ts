import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { serverRoot } from '../server-root';
import { clipFiles, clips } from './schema';

/**
 * Migration 0026: every clip file names its clip's owner. The test app is migrated already, so the column is
 * dropped from files uploaded as users upload them, and the migration's SQL is run again as the migrator runs
 * it, on PGlite and (TEST_DB=postgres) on PostgreSQL: each file gets its own clip's owner, and the quota
 * sums what it summed before.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

test("migration 0026 gives every existing clip file its clip's owner", async () => {
  const { factory } = testApp;
  const [ada, bob] = [await factory.user(), await factory.user()];
  const adaClip = await factory.clip({ owner: ada, content: 'two files' });
  const bobClip = await factory.clip({ owner: bob, content: 'one file' });
  await factory.file({ owner: ada, clipId: adaClip.id, content: Buffer.from('aaaa') });
  await factory.file({ owner: ada, clipId: adaClip.id, content: Buffer.from('aa') });
  await factory.file({ owner: bob, clipId: bobClip.id, content: Buffer.from('b') });
  const { db } = testApp.context;

  // CASCADE: a later migration's trigger (0035, stored bytes) reads the column; this test is about 0026 alone.
  await db.execute(sql`alter table clip_files drop column user_id cascade`);
  const file = await readFile(join(serverRoot, 'src/db/migrations/0026_clip_files_user.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

  const owners = await db
    .select({ fileOwner: clipFiles.userId, clipOwner: clips.userId, size: clipFiles.size })
    .from(clipFiles)
    .innerJoin(clips, sql`${clips.id} = ${clipFiles.clipId}`);
  expect(owners).toHaveLength(3);
  for (const { fileOwner, clipOwner } of owners) expect(fileOwner).toBe(clipOwner);
  const adaBytes = owners.filter((row) => row.fileOwner === ada.id).reduce((sum, row) => sum + row.size, 0);
  expect(adaBytes).toBe(6);
});
