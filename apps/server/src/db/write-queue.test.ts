import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Database } from './client';
import { rowsOf } from './raw-rows';
import {
  WRITE_BATCH_MAX,
  createBatchingWriteQueue,
  createPassThroughWriteQueue,
  queuedWrite,
  runWriteBatch,
} from './write-queue';

/**
 * The write queue on a real PGlite, the embedded database it batches for: one connection, so what shares a
 * transaction is told by the transaction id each write sees. The batches run here, in this thread, as the
 * database's worker runs them (pglite-worker-client.test.ts sends them to the worker).
 */
let client: PGlite;
let db: Database;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Database;
  // Deferred: a duplicate fails at COMMIT, not at its insert, which is how a failed commit is made here.
  await client.exec(`create table items (
    id int primary key,
    tag text unique deferrable initially deferred
  )`);
});
afterAll(() => client.close());
beforeEach(() => client.exec('truncate items'));

/** Stores an item and answers the id of the transaction it ran in. */
const insertItem = queuedWrite('test.insert-item', async (tx, item: { id: number; tag?: string }) => {
  await tx.execute(sql`insert into items (id, tag) values (${item.id}, ${item.tag ?? null})`);
  return rowsOf<{ txid: number }>(await tx.execute(sql`select txid_current()::int as txid`))[0]?.txid ?? -1;
});

/** The batching queue with its batches run on `database` in this thread. */
const batchingOn = (database: Pick<Database, 'transaction'>) =>
  createBatchingWriteQueue((batch) => runWriteBatch(database, batch));

const storedIds = async () =>
  rowsOf<{ id: number }>(await db.execute(sql`select id from items order by id`)).map((row) => row.id);

/** What a write's caller was answered: its value, or its error's message. */
const settled = <T>(promise: Promise<T>): Promise<{ value: T } | { error: string }> =>
  promise.then(
    (value) => ({ value }),
    // Drizzle names the statement that failed and keeps the database's own error as its cause.
    (error: unknown) => ({ error: `${String(error)} ${error instanceof Error ? String(error.cause) : ''}` }),
  );
const errorOf = (result: { value: unknown } | { error: string }) => ('error' in result ? result.error : 'no error');

test('writes that wait together commit in one transaction, in the order they came, at most WRITE_BATCH_MAX a batch', async () => {
  const queue = batchingOn(db);
  const count = 2 * WRITE_BATCH_MAX + 6;
  const txids = await Promise.all(Array.from({ length: count }, (_, id) => queue.run(insertItem, { id })));
  // All were waiting when the first transaction started: taken in the order they came, 32 a batch.
  const batches = [...new Set(txids)].map((txid) => txids.filter((seen) => seen === txid).length);
  expect(batches).toEqual([WRITE_BATCH_MAX, WRITE_BATCH_MAX, 6]);
  expect(txids).toEqual([...txids].sort((a, b) => a - b));
  expect(await storedIds()).toEqual(Array.from({ length: count }, (_, id) => id));
});

test('a failing write gets its own error and rolls back alone; the others of its batch commit', async () => {
  const queue = batchingOn(db);
  const results = await Promise.all([1, 2, 3, 2, 4].map((id) => settled(queue.run(insertItem, { id }))));
  expect(results.map(errorOf)).toEqual([
    'no error',
    'no error',
    'no error',
    expect.stringMatching(/duplicate key/),
    'no error',
  ]);
  // One batch: the four that were stored saw one transaction.
  expect(new Set(results.flatMap((result) => ('value' in result ? [result.value] : []))).size).toBe(1);
  expect(await storedIds()).toEqual([1, 2, 3, 4]);
});

test('a batch whose writes all succeed takes no savepoint; a failure runs it again with one per write', async () => {
  const statements: string[] = [];
  const logged = drizzle(client, { logger: { logQuery: (query) => statements.push(query) } }) as unknown as Database;
  const queue = batchingOn(logged);
  await Promise.all([1, 2, 3].map((id) => queue.run(insertItem, { id })));
  const savepoints = () => statements.filter((statement) => /^savepoint/i.test(statement));
  expect(savepoints()).toEqual([]);
  // Three inserts and three reads of the transaction id: the writes' own statements, nothing around them.
  expect(statements).toHaveLength(6);

  statements.length = 0;
  const results = await Promise.all([4, 1, 5].map((id) => settled(queue.run(insertItem, { id }))));
  expect(results.map(errorOf)).toEqual(['no error', expect.stringMatching(/duplicate key/), 'no error']);
  expect(savepoints()).toHaveLength(3);
  expect(await storedIds()).toEqual([1, 2, 3, 4, 5]);
});

test('a write alone in its batch that fails rolls its transaction back, and the queue goes on', async () => {
  const queue = batchingOn(db);
  await queue.run(insertItem, { id: 1 });
  expect(errorOf(await settled(queue.run(insertItem, { id: 1 })))).toMatch(/duplicate key/);
  await expect(queue.run(insertItem, { id: 2 })).resolves.toBeTypeOf('number');
  expect(await storedIds()).toEqual([1, 2]);
});

test('when the commit fails, every write of the batch fails with its error and none is stored', async () => {
  const queue = batchingOn(db);
  await queue.run(insertItem, { id: 1 });
  // One batch, whose two equal tags clash only at COMMIT.
  const tags = ['a', 'x', 'x'];
  const results = await Promise.all(tags.map((tag, index) => settled(queue.run(insertItem, { id: index + 2, tag }))));
  for (const result of results) expect(errorOf(result)).toMatch(/duplicate key/);
  expect(await storedIds()).toEqual([1]);
});

test('no write is answered before its batch has committed', async () => {
  const queue = batchingOn(db);
  const seenAtAnswer: number[][] = [];
  const writes = [1, 2, 3].map((id) =>
    queue.run(insertItem, { id }).then(async () => {
      // Asked outside the queue's transaction: only committed rows are visible to it.
      seenAtAnswer.push(await storedIds());
    }),
  );
  await Promise.all(writes);
  expect(seenAtAnswer).toEqual([
    [1, 2, 3],
    [1, 2, 3],
    [1, 2, 3],
  ]);
});

test('a write that queues another is refused at once instead of waiting for its own batch for ever', async () => {
  for (const queue of [batchingOn(db), createPassThroughWriteQueue(db)]) {
    const nested = queuedWrite('test.nested', () => queue.run(insertItem, { id: 9 }));
    await expect(queue.run(nested, undefined)).rejects.toThrow(/queued another/);
  }
  expect(await storedIds()).toEqual([]);
});

test('when no transaction can start, the waiting writes fail with its error rather than wait', async () => {
  const unreachable = { transaction: () => Promise.reject(new Error('connection refused')) };
  const queue = batchingOn(unreachable);
  const results = await Promise.all([1, 2, 3].map((id) => settled(queue.run(insertItem, { id }))));
  for (const result of results) expect(errorOf(result)).toMatch(/connection refused/);
});

test('passing through, each write is its own transaction', async () => {
  const queue = createPassThroughWriteQueue(db);
  const txids = await Promise.all([1, 2, 3].map((id) => queue.run(insertItem, { id })));
  expect(new Set(txids).size).toBe(3);
  expect(errorOf(await settled(queue.run(insertItem, { id: 1 })))).toMatch(/duplicate key/);
  expect(await storedIds()).toEqual([1, 2, 3]);
});
