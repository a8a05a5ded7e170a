import { types, messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgliteTemplate } from '../../test/pglite-template';
import { isDatabaseConnectionError } from './is-connection-error';
import { PgliteWorker } from './pglite-worker-client';

/** The parsers Drizzle's PGlite session gives every query (drizzle-orm/pglite/session.js): text kept as is. */
const drizzleParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    (value: string) => value,
  ]),
);

const firstRow = async (worker: PgliteWorker, sql: string, params: unknown[] = [], withDrizzleParsers = false) => {
  const { rows } = await worker.query<Record<string, unknown>>(sql, params, {
    rowMode: 'object',
    ...(withDrizzleParsers ? { parsers: drizzleParsers } : {}),
  });
  return rows[0];
};

describe("PGlite's worker answers as PGlite did in-process", () => {
  let worker: PgliteWorker;
  beforeAll(async () => {
    worker = await PgliteWorker.start({ dataDir: undefined, template: await pgliteTemplate() });
  });
  afterAll(() => worker.close());

  test('a timestamp stays text under Drizzle’s parsers and is a Date without them', async () => {
    const sql = `select '2026-11-27 08:00:00.123+00'::timestamptz as at, '2026-11-27'::date as day,
      array['2026-11-27 08:00:00'::timestamp] as ats, '1 day 02:00:00'::interval as span`;
    expect(await firstRow(worker, sql, [], true)).toStrictEqual({
      at: '2026-11-27 08:00:00.123+00',
      day: '2026-11-27',
      ats: '{"2026-11-27 08:00:00"}',
      span: '1 day 02:00:00',
    });
    const parsed = await firstRow(worker, sql);
    expect(parsed?.at).toBeInstanceOf(Date);
    expect((parsed?.at as Date).toISOString()).toBe('2026-11-27T08:00:00.123Z');
    // A set of its own: exactly the types it names stay text (the worker keeps Drizzle's set installed).
    const { rows } = await worker.query<Record<string, unknown>>(sql, [], {
      parsers: { [types.TIMESTAMPTZ]: (text: string) => text },
    });
    expect(rows[0]?.at).toBe('2026-11-27 08:00:00.123+00');
    expect(rows[0]?.day).toBeInstanceOf(Date);
  });

  test('a Date parameter arrives as the instant it names', async () => {
    const at = new Date('2026-11-27T08:00:00.5Z');
    expect(await firstRow(worker, 'select $1::timestamptz = $2::timestamptz as same', [at, at.toISOString()])).toEqual({
      same: true,
    });
  });

  test('bytea comes back as a Uint8Array of its bytes, and goes in as one', async () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 255]);
    const row = await firstRow(worker, 'select $1::bytea as echoed, length($1::bytea) as size', [bytes]);
    expect(row?.echoed).toBeInstanceOf(Uint8Array);
    expect([...(row?.echoed as Uint8Array)]).toEqual([0, 1, 127, 128, 255]);
    expect(row?.size).toBe(5);
    // A Buffer crosses as a Uint8Array, which PGlite's bytea serializer takes.
    expect(await firstRow(worker, 'select length($1::bytea) as size', [Buffer.from('abc')])).toEqual({ size: 3 });
  });

  test('bigint: a number while it is safe, a BigInt past it, in both directions', async () => {
    expect(
      await firstRow(
        worker,
        'select 9007199254740991::int8 as safe, 9223372036854775807::int8 as big, $1::int8 as given',
        [123_456_789_012_345n],
      ),
    ).toStrictEqual({ safe: 9_007_199_254_740_991, big: 9_223_372_036_854_775_807n, given: 123_456_789_012_345 });
  });

  test('json and jsonb come back parsed; arrays as arrays; null as null', async () => {
    expect(
      await firstRow(
        worker,
        `select '{"a":[1,"two",null]}'::json as j, $1::jsonb as jb, array['x', null, 'z'] as texts,
          array[[1,2],[3,4]] as grid, null::text as nothing`,
        [JSON.stringify({ nested: { ok: true } })],
      ),
    ).toStrictEqual({
      j: { a: [1, 'two', null] },
      jb: { nested: { ok: true } },
      texts: ['x', null, 'z'],
      grid: [
        [1, 2],
        [3, 4],
      ],
      nothing: null,
    });
  });

  test('array rows, fields and counts cross whole', async () => {
    await worker.query('create temporary table crossing (id int primary key, name text)');
    const inserted = await worker.query("insert into crossing values (1, 'a'), (2, 'b')");
    expect(inserted.affectedRows).toBe(2);
    const selected = await worker.query('select id, name from crossing order by id', [], { rowMode: 'array' });
    expect(selected.rows).toStrictEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(selected.fields).toStrictEqual([
      { name: 'id', dataTypeID: types.INT4 },
      { name: 'name', dataTypeID: types.TEXT },
    ]);
  });

  test('a parser that changes the text is refused rather than silently skipped', async () => {
    await expect(
      worker.query('select now()', [], { parsers: { [types.TIMESTAMPTZ]: (value) => new Date(value) } }),
    ).rejects.toThrow(/cannot run in PGlite's worker/);
  });
});

describe("PGlite's errors reach the main thread whole", () => {
  let worker: PgliteWorker;
  beforeAll(async () => {
    worker = await PgliteWorker.start({ dataDir: undefined, template: await pgliteTemplate() });
    await worker.query('create table unique_names (name text constraint unique_names_name unique)');
    await worker.query("insert into unique_names values ('taken')");
  });
  afterAll(() => worker.close());

  test('a unique violation keeps its code, constraint, detail and table, and is not a lost connection', async () => {
    const error = await worker.query("insert into unique_names values ('taken')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'unique_names_name',
      table: 'unique_names',
      detail: 'Key (name)=(taken) already exists.',
      severity: 'ERROR',
      message: expect.stringContaining('duplicate key value violates unique constraint') as unknown,
    });
    expect(isDatabaseConnectionError(error)).toBe(false);
  });

  test('a syntax error keeps its code and position', async () => {
    const error = await worker.query('selec 1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '42601', position: '1', query: 'selec 1' });
    expect(isDatabaseConnectionError(error)).toBe(false);
    // The connection is fine afterwards.
    expect(await firstRow(worker, 'select 1 as one')).toEqual({ one: 1 });
  });
});

describe('transactions in the worker', () => {
  let worker: PgliteWorker;
  beforeAll(async () => {
    worker = await PgliteWorker.start({
      dataDir: undefined,
      template: await pgliteTemplate(),
      transactionIdleLimitMs: 300,
    });
    await worker.query('create table ledger (entry text)');
  });
  afterAll(() => worker.close());
  const entries = async () =>
    (await worker.query<{ entry: string }>('select entry from ledger order by entry')).rows.map((row) => row.entry);

  test('commit when the callback resolves; what it returns comes back', async () => {
    const answer = await worker.transaction(async (tx) => {
      await tx.query("insert into ledger values ('committed')");
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await entries()).toContain('committed');
  });

  test('a callback that throws rolls back, its error is the one thrown, and the database is free again', async () => {
    const failure = new Error('the caller changed its mind');
    await expect(
      worker.transaction(async (tx) => {
        await tx.query("insert into ledger values ('rolled back')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await entries()).not.toContain('rolled back');
    await expect(worker.transaction(async (tx) => (await tx.query('select 1 as one')).rows)).resolves.toEqual([
      { one: 1 },
    ]);
  });

  test('a statement outside waits for the transaction to end, and sees only what it committed', async () => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const inside = worker.transaction(async (tx) => {
      await tx.query("insert into ledger values ('while open')");
      await released;
      await tx.query("insert into ledger values ('after wait')");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    let outsideDone = false;
    const outside = entries().then((seen) => {
      outsideDone = true;
      return seen;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await inside;
    expect(await outside).toEqual(expect.arrayContaining(['while open', 'after wait']));
  });

  test('savepoints are statements of the transaction: an inner rollback keeps the outer work', async () => {
    await worker.transaction(async (tx) => {
      await tx.query("insert into ledger values ('outer')");
      await tx.query('savepoint sp1');
      await tx.query("insert into ledger values ('inner')");
      await tx.query('rollback to savepoint sp1');
    });
    const seen = await entries();
    expect(seen).toContain('outer');
    expect(seen).not.toContain('inner');
  });

  test('a transaction whose caller stops sending is rolled back after the idle limit and frees the database', async () => {
    let stuckQuery: ((sql: string) => Promise<unknown>) | undefined;
    void worker.transaction(async (tx) => {
      await tx.query("insert into ledger values ('never committed')");
      stuckQuery = (sql) => tx.query(sql);
      // A promise that never settles: the caller never ends its transaction.
      await new Promise(() => undefined);
    });
    await expect.poll(() => stuckQuery).toBeDefined();
    const started = Date.now();
    expect(await entries()).not.toContain('never committed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await expect(stuckQuery?.('select 1')).rejects.toMatchObject({ code: '25P03' });
  });
});

describe('a worker that dies', () => {
  test('rejects what waits and everything after with an error read as an unreachable database, and says so', async () => {
    const worker = await PgliteWorker.start({ dataDir: undefined, template: await pgliteTemplate() });
    const stops: Error[] = [];
    worker.onStop((error) => stops.push(error));
    const waiting = worker.query('select pg_sleep(30)');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await worker.terminate();
    const error = await waiting.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseConnectionError(error)).toBe(true);
    await expect(worker.query('select 1')).rejects.toBe(error);
    expect(stops).toEqual([error]);
    // Closing what is already gone is quiet.
    await worker.close();
  });

  test('a closed worker refuses as a closed PGlite does, and is not reported as a death', async () => {
    const worker = await PgliteWorker.start({ dataDir: undefined, template: await pgliteTemplate() });
    const stops: Error[] = [];
    worker.onStop((error) => stops.push(error));
    await worker.exec('CHECKPOINT');
    await worker.close();
    await expect(worker.query('select 1')).rejects.toThrow('PGlite is closed');
    expect(stops).toEqual([]);
  });
});
