import { type Clip } from '@clipsync/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';

/** Runs on the PostgreSQL leg only (vitest.config.ts): the embedded database has one connection. */
describe('creating clips beside other writers on PostgreSQL', () => {
  let testApp: TestApp;
  const create = (user: TestUser, content: string) => testApp.as(user).post('/api/clipboard', { content });

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => testApp?.close());

  // Several writers at once exist on PostgreSQL only (the embedded database has one connection). A file
  // write holds the user's usage row (its quota's turn) and then changes a clip; a create must take the usage
  // row before the counts row, as it does now that the counts' triggers fire after the usage trigger.
  test('a create waits for a file write holding the usage row, without a deadlock', async () => {
    const user = await testApp.factory.user();
    const other = (await create(user, 'other')).json<Clip>();
    let holdsUsage!: () => void;
    const usageHeld = new Promise<void>((resolve) => (holdsUsage = resolve));
    const fileWrite = testApp.context.db.transaction(async (tx) => {
      await tx.execute(sql`update text_usage set bytes = bytes where user_id = ${user.id}`);
      holdsUsage();
      // Long enough for the create to reach its triggers and wait.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`update clips set is_favorite = not is_favorite where id = ${other.id}`);
    });
    await usageHeld;
    const [created] = await Promise.all([create(user, 'racing'), fileWrite]);
    expect(created.statusCode).toBe(201);
  });
});
