import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTemplateMemoryDatabase } from '../../test/pglite-template';
import type { DatabaseHandle } from './client';
import { rowsOf } from './raw-rows';
import { users } from './schema';

const account = (id: string, email: string) => ({ id, email, name: id, passwordHash: 'not a real hash' });

/** The server's own Drizzle calls, on the embedded database in its worker thread. */
describe('Drizzle on the embedded database in its worker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTemplateMemoryDatabase();
  });
  afterAll(() => database.close());

  test('a row written and read back: timestamps as Dates, bigints as numbers, nulls as nulls', async () => {
    const confirmedAt = new Date('2026-11-27T08:00:00.250Z');
    await database.db.insert(users).values({ ...account('typed', 'typed@example.com'), emailConfirmedAt: confirmedAt });
    const [row] = await database.db.select().from(users).where(eq(users.id, 'typed'));
    expect(row?.emailConfirmedAt).toEqual(confirmedAt);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.storedBytes).toBe(0);
    expect(row?.disabledAt).toBeNull();
  });

  test('a unique violation surfaces as Drizzle wraps it, with PostgreSQL’s code and constraint on its cause', async () => {
    await database.db.insert(users).values(account('first', 'same@example.com'));
    const error = await database.db
      .insert(users)
      .values(account('second', 'same@example.com'))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ cause: { code: '23505', constraint: 'users_email_unique' } });
  });

  test('nested transactions: an inner failure rolls back to its savepoint, an outer one rolls back all', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(account('outer', 'outer@example.com'));
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values(account('inner', 'inner@example.com'));
          throw new Error('inner gives up');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(account('doomed', 'doomed@example.com'));
        throw new Error('outer gives up');
      }),
    ).rejects.toThrow('outer gives up');
    const ids = (await database.db.select({ id: users.id }).from(users)).map((row) => row.id);
    expect(ids).toContain('outer');
    expect(ids).not.toContain('inner');
    expect(ids).not.toContain('doomed');
  });

  test('raw statements answer with rows; the handle pings', async () => {
    expect(rowsOf<{ answer: number }>(await database.db.execute(sql`select 41 + 1 as answer`))).toEqual([
      { answer: 42 },
    ]);
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
