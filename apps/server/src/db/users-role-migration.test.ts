import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { serverRoot } from '../server-root';
import { users } from './schema';

/**
 * Migration 0030: an upgraded server's oldest account becomes its admin, so that the first-account rule does
 * not hand the role to whoever signs up next. The test app is migrated already, so the column is dropped and
 * the migration's SQL run again as the migrator runs it, on PGlite and (TEST_DB=postgres) on PostgreSQL.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

test("migration 0030 makes the server's oldest account its admin, and every other a user", async () => {
  const { factory, context } = testApp;
  const oldest = await factory.user();
  await factory.user();
  await factory.user();
  const { db } = context;
  await db
    .update(users)
    .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
    .where(sql`${users.id} = ${oldest.id}`);

  await db.execute(sql`alter table users drop column role`);
  const file = await readFile(join(serverRoot, 'src/db/migrations/0030_users_role.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

  const roles = await db.select({ id: users.id, role: users.role }).from(users).orderBy(asc(users.createdAt));
  expect(roles).toHaveLength(3);
  expect(roles[0]).toEqual({ id: oldest.id, role: 'admin' });
  expect(roles.slice(1).map((row) => row.role)).toEqual(['user', 'user']);
});
