import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { rowsOf } from './raw-rows';
import { users } from './schema';

/**
 * The stored-bytes triggers write an account's `users` row once per change of its storage, and not at all
 * for an update that changes no bytes (a writer taking its storage turn). Counted by a trigger of the test's
 * own on `users`.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.context.db.execute(sql`create table users_writes_seen (user_id text not null)`);
  await testApp.context.db.execute(
    sql.raw(`
    create function users_writes_count() returns trigger language plpgsql as $$
    begin insert into users_writes_seen values (NEW.id); return null; end; $$`),
  );
  await testApp.context.db.execute(
    sql`create trigger users_writes_count after update on users for each row execute function users_writes_count()`,
  );
});
afterAll(() => testApp.close());

async function writesOf(userId: string, change: () => Promise<unknown>): Promise<number> {
  const { db } = testApp.context;
  await db.execute(sql`delete from users_writes_seen`);
  await change();
  const counted = await db.execute(sql`select count(*)::int as n from users_writes_seen where user_id = ${userId}`);
  return rowsOf<{ n: number }>(counted)[0]?.n ?? -1;
}

const storedBytesOf = async (userId: string) => {
  const [row] = await testApp.context.db.select({ bytes: users.storedBytes }).from(users).where(eq(users.id, userId));
  return row?.bytes;
};

test('taking the storage turn writes no users row; a change of bytes writes it once, by the difference', async () => {
  const { db } = testApp.context;
  const owner = await testApp.factory.user();
  const clip = await testApp.factory.clip({ owner, content: 'hello' });
  expect(await storedBytesOf(owner.id)).toBe(5);

  const turn = () =>
    db.execute(
      sql`insert into text_usage (user_id, bytes) values (${owner.id}, 0)
          on conflict (user_id) do update set bytes = text_usage.bytes`,
    );
  expect(await writesOf(owner.id, turn)).toBe(0);
  expect(await storedBytesOf(owner.id)).toBe(5);

  const grow = () => db.execute(sql`update text_usage set bytes = bytes + 7 where user_id = ${owner.id}`);
  expect(await writesOf(owner.id, grow)).toBe(1);
  expect(await storedBytesOf(owner.id)).toBe(12);

  const file = () => testApp.factory.file({ owner, clipId: clip.id, content: Buffer.alloc(100, 1) });
  expect(await writesOf(owner.id, file)).toBe(1);
  expect(await storedBytesOf(owner.id)).toBe(112);
});

test('a row moved to another account takes its bytes from one and gives them to the other', async () => {
  const { db } = testApp.context;
  const from = await testApp.factory.user();
  const to = await testApp.factory.user();
  await testApp.factory.clip({ owner: from, content: 'abcd' });
  await db.execute(sql`delete from text_usage where user_id = ${to.id}`);
  await db.execute(sql`update text_usage set user_id = ${to.id} where user_id = ${from.id}`);
  expect([await storedBytesOf(from.id), await storedBytesOf(to.id)]).toEqual([0, 4]);
});
