import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DESKTOP_ENDPOINTS } from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { serverRoot } from '../server-root';
import { devices, sessions, users } from './schema';

/**
 * Migration 0035: each account's stored bytes start as the storage quota's sum (text, clip files, desktop blocks)
 * and its last seen as its newest device's, and the triggers keep the bytes from then on. The test app is
 * migrated already, so the migration's objects are dropped and its SQL run again as the migrator runs it.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const storedBytesOf = async (userId: string) => {
  const [row] = await testApp.context.db
    .select({ bytes: users.storedBytes, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};

test('migration 0035 fills stored bytes and last seen from what exists, and its triggers keep the bytes', async () => {
  const { factory, context, api } = testApp;
  const { db } = context;
  const owner = await factory.user();
  const clip = await factory.clip({ owner, content: 'hello' });
  await factory.file({ owner, clipId: clip.id, content: Buffer.alloc(300, 1) });
  await api(owner).call(DESKTOP_ENDPOINTS.addText, { body: { content: 'desk' } });
  const expected = 5 + 300 + 4;
  expect((await storedBytesOf(owner.id)).bytes).toBe(expected);

  const seenAt = new Date('2026-01-02T03:04:05Z');
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.id)).limit(1);
  await db.insert(devices).values({
    id: 'device-for-migration-test',
    userId: owner.id,
    sessionId: session!.id,
    name: 'laptop',
    kind: 'browser',
    lastSeenAt: seenAt,
  });

  for (const fn of [
    'users_stored_bytes_from_text',
    'users_stored_bytes_from_clip_file',
    'users_stored_bytes_from_room_file',
    'users_stored_bytes_from_desktop_item',
  ])
    await db.execute(sql.raw(`drop function ${fn}() cascade`));
  await db.execute(sql`drop function users_stored_bytes_add(text, bigint)`);
  await db.execute(sql`drop index users_created_idx, users_name_trgm_idx, users_email_trgm_idx`);
  await db.execute(sql`alter table users drop column stored_bytes, drop column last_seen_at`);
  const file = await readFile(join(serverRoot, 'src/db/migrations/0035_users_directory.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

  const migrated = await storedBytesOf(owner.id);
  expect(migrated.bytes).toBe(expected);
  expect(migrated.lastSeenAt).toEqual(seenAt);

  await factory.clip({ owner, content: 'more' });
  expect((await storedBytesOf(owner.id)).bytes).toBe(expected + 4);
});
