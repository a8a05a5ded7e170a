import { afterEach, describe, expect, test } from 'vitest';
import type { PgliteConnection } from './client';
import { startTemplateWorker } from '../../test/pglite-template';
import { TemplateDatabasePool } from '../../test/template-database-pool';

// The tests' pool of embedded databases (test/template-database-pool.ts): an app must find the template's
// database, whatever the app before it did.
describe('the test apps’ pool of embedded databases', () => {
  let opened = 0;
  let pool: TemplateDatabasePool;
  const leases: PgliteConnection[] = [];
  const lease = async () => {
    const connection = await pool.lease();
    leases.push(connection);
    return connection;
  };
  const countOf = async (connection: PgliteConnection, table: string) =>
    (await connection.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]?.count;

  const newPool = () => {
    opened = 0;
    pool = new TemplateDatabasePool(() => {
      opened++;
      return startTemplateWorker();
    });
  };
  afterEach(async () => {
    for (const connection of leases.splice(0)) await connection.close();
  });

  test('a database given back is empty again and serves the next app without a new start', async () => {
    newPool();
    const first = await lease();
    await first.query(`insert into users (id, email, name, password_hash) values ('a', 'a@example.com', 'A', 'x')`);
    await first.query(`select nextval('clip_views_id_seq')`);
    expect(await countOf(first, 'users')).toBe(1);
    await first.close();

    const second = await lease();
    expect(opened).toBe(1);
    expect(await countOf(second, 'users')).toBe(0);
    expect((await second.query<{ id: number }>(`select nextval('clip_views_id_seq')::int as id`)).rows).toEqual([
      { id: 1 },
    ]);
    // The template's record of migrations stays.
    expect(await countOf(second, 'drizzle.__drizzle_migrations')).toBeGreaterThan(0);
  });

  test('a database whose schema a test changed is closed, and the next app gets a new one', async () => {
    newPool();
    const first = await lease();
    await first.exec('create table left_behind (id int)');
    await first.close();
    const second = await lease();
    expect(opened).toBe(2);
    expect((await second.query(`select 1 from pg_tables where tablename = 'left_behind'`)).rows).toEqual([]);
  });

  test('a closed app’s late statement is refused, never run in the next app’s database', async () => {
    newPool();
    const first = await lease();
    await first.close();
    const second = await lease();
    expect(opened).toBe(1);
    await expect(
      first.query(`insert into users (id, email, name, password_hash) values ('late', 'late@example.com', 'L', 'x')`),
    ).rejects.toThrow('PGlite is closed');
    expect(await countOf(second, 'users')).toBe(0);
  });

  test('two apps at once each have their own database', async () => {
    newPool();
    const [one, two] = await Promise.all([lease(), lease()]);
    await one.query(`insert into users (id, email, name, password_hash) values ('one', 'one@example.com', 'One', 'x')`);
    expect(await countOf(two, 'users')).toBe(0);
    expect(opened).toBe(2);
  });
});
