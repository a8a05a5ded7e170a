import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { serverRoot } from '../server-root';
import { clips } from './schema';

/**
 * Migration 0029: a link's end empties the clip only when its owner chose so. Links made before it with an
 * expiry or a view limit were made under the rule that emptied the clip, and keep it; plain links do not.
 * The test app is migrated already, so the column is dropped and the migration's SQL run again as the
 * migrator runs it.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

test('migration 0029 keeps "deleted when the link ends" for links that had an expiry, a view limit or were emptied', async () => {
  const { factory } = testApp;
  const owner = await factory.user();
  const plain = await factory.clip({ owner, content: 'plain link' });
  const expiring = await factory.clip({ owner, content: 'expiring link' });
  const counted = await factory.clip({ owner, content: 'counted link' });
  const emptied = await factory.clip({ owner, content: '' });
  const { db } = testApp.context;
  await db
    .update(clips)
    .set({ shareExpiresAt: new Date(Date.now() + 3_600_000) })
    .where(eq(clips.id, expiring.id));
  await db.update(clips).set({ shareMaxViews: 2 }).where(eq(clips.id, counted.id));
  await db.update(clips).set({ shareState: 'viewed' }).where(eq(clips.id, emptied.id));

  await db.execute(sql`alter table clips drop column share_delete_after`);
  const file = await readFile(join(serverRoot, 'src/db/migrations/0029_share_delete_after.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

  const rows = await db.select({ id: clips.id, deleteAfter: clips.shareDeleteAfter }).from(clips);
  const deleteAfterOf = new Map(rows.map((row) => [row.id, row.deleteAfter]));
  expect(deleteAfterOf.get(plain.id)).toBe(false);
  expect(deleteAfterOf.get(expiring.id)).toBe(true);
  expect(deleteAfterOf.get(counted.id)).toBe(true);
  expect(deleteAfterOf.get(emptied.id)).toBe(true);
});
