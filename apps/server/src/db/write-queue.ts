import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, DatabaseHandle, Transaction } from './client';

/**
 * A write that runs inside the queue's transaction. It gets that transaction and its own input, and must do
 * all its database work through `tx`: on the embedded database the batch holds the one connection, so a
 * query on the database itself (`ctx.db`) would wait for the batch it is part of, for ever. Written as a
 * function of `(tx, input)` at module level, a write has no `ctx` in reach to get this wrong with. It may
 * run twice (the first time in a batch rolled back for another write's failure), so it does nothing but its
 * database work.
 */
export type QueuedWrite<Input, Output> = (tx: Transaction, input: Input) => Promise<Output>;

/** Where an area sends the writes that wait for the database, so that those waiting together commit together. */
export interface WriteQueue {
  /**
   * Runs `write` with `input` and answers its result once the transaction it ran in has committed (never
   * before: an answer means the write is on disk); its own error if it failed (the others of its batch
   * still commit), or the commit's error if the commit failed.
   */
  run<Input, Output>(write: QueuedWrite<Input, Output>, input: Input): Promise<Output>;
}

/**
 * Writes per transaction at most. The embedded database serves nothing else while a batch runs (a read
 * waits for its commit), and a create costs ~0.5 ms there: 32 of them hold it ~16 ms, half the embedded
 * create-and-fetch p99 budget (30 ms), while the per-transaction begin and commit (~0.35 ms) are already
 * spread thin at this size.
 */
export const WRITE_BATCH_MAX = 32;

interface Waiting {
  /**
   * Runs the write in `tx` and keeps its result or error; false when it failed. In its own savepoint
   * (`isIsolated`), a failure rolls back that write only; bare, it spoils the transaction (the caller rolls it back).
   */
  attempt(tx: Transaction, isIsolated: boolean): Promise<boolean>;
  /** Answers the caller once the batch's transaction has ended: `commitError` set when it did not commit. */
  settle(commitError: { error: unknown } | undefined): void;
}

/** Set while a queued write runs: a write that queues another would wait for its own batch to end. */
const insideWrite = new AsyncLocalStorage<true>();

function refuseNestedWrite(): Error {
  return new Error('a queued write queued another: do that work with the transaction it was given');
}

/** One caller's write, its outcome kept until its batch has committed or failed. */
function waitingWrite<Input, Output>(
  write: QueuedWrite<Input, Output>,
  input: Input,
  resolve: (value: Output) => void,
  reject: (error: unknown) => void,
): Waiting {
  let outcome: { isDone: true; value: Output } | { isDone: false; error: unknown } | undefined;
  return {
    attempt: async (tx, isIsolated) => {
      try {
        const value = isIsolated
          ? await tx.transaction((savepoint) => insideWrite.run(true, write, savepoint, input))
          : await insideWrite.run(true, write, tx, input);
        outcome = { isDone: true, value };
        return true;
      } catch (error) {
        outcome = { isDone: false, error };
        return false;
      }
    },
    settle: (commitError) => {
      if (outcome && !outcome.isDone) reject(outcome.error);
      else if (commitError) reject(commitError.error);
      else if (outcome) resolve(outcome.value);
      else reject(new Error('a queued write ended without running'));
    },
  };
}

/** Thrown out of a batch's transaction when one of its bare writes failed, to roll the others back with it. */
class WriteFailed extends Error {}

/**
 * Group commit in the application: the writes that wait while a batch runs form the next batch, taken in
 * the order they came (FIFO, at most WRITE_BATCH_MAX) when its transaction starts. Writes rarely fail, so
 * they first run bare, one after another in the transaction; when one fails, the transaction is rolled back
 * and the batch runs again with a savepoint per write, so the failure undoes that write only. A savepoint
 * costs two statements (its start and its release), as many as the write itself: taken only when needed,
 * a batch of ten creates is 22 statements instead of 62. A queued write may thus run twice, the first time
 * in a transaction that is rolled back.
 */
export function createBatchingWriteQueue(db: Pick<Database, 'transaction'>): WriteQueue {
  const waiting: Waiting[] = [];
  let isDraining = false;

  async function inTransaction(work: (tx: Transaction) => Promise<void>): Promise<{ error: unknown } | undefined> {
    try {
      await db.transaction(work);
      return undefined;
    } catch (error) {
      return { error };
    }
  }

  async function runBatch(): Promise<void> {
    let batch: Waiting[] = [];
    let failure = await inTransaction(async (tx) => {
      // Taken now, not when the transaction was asked for: writes that came while it waited for the
      // connection join this batch.
      batch = waiting.splice(0, WRITE_BATCH_MAX);
      for (const write of batch) if (!(await write.attempt(tx, false))) throw new WriteFailed();
    });
    if (failure && batch.length === 0) {
      // The transaction could not start (the database is unreachable): the writes it would have taken fail
      // with its error rather than wait for a next batch that would fail alike.
      batch = waiting.splice(0, WRITE_BATCH_MAX);
    } else if (failure?.error instanceof WriteFailed && batch.length > 1) {
      failure = await inTransaction(async (tx) => {
        for (const write of batch) await write.attempt(tx, true);
      });
    }
    for (const write of batch) write.settle(failure);
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) await runBatch();
    } finally {
      isDraining = false;
    }
  }

  return {
    run: (write, input) =>
      new Promise((resolve, reject) => {
        if (insideWrite.getStore()) return reject(refuseNestedWrite());
        waiting.push(waitingWrite(write, input, resolve, reject));
        if (isDraining) return;
        isDraining = true;
        // Started from setImmediate, right after this turn of the loop's I/O: the requests that became
        // readable together reach here one after another within that turn, and the batch takes them all; a
        // lone write waits only for the callbacks already queued. Writes arriving while a batch holds the
        // database's connection (PGlite's worker answers each statement in a later turn) form the next one.
        setImmediate(() => void drain());
      }),
  };
}

/**
 * Each write its own transaction, at once: on PostgreSQL the pool runs writes side by side on several
 * connections, and a batch would hold all its users' rows until one commit, which two nodes' batches
 * taking them in different orders deadlock on, losing a whole batch (decision 038).
 */
export function createPassThroughWriteQueue(db: Pick<Database, 'transaction'>): WriteQueue {
  return {
    run: (write, input) =>
      insideWrite.getStore()
        ? Promise.reject(refuseNestedWrite())
        : db.transaction((tx) => insideWrite.run(true, write, tx, input)),
  };
}

/** The queue for this database: batching on the embedded one (one connection), each write apart on PostgreSQL. */
export function writeQueueFor(database: Pick<DatabaseHandle, 'db' | 'kind'>): WriteQueue {
  return database.kind === 'pglite' ? createBatchingWriteQueue(database.db) : createPassThroughWriteQueue(database.db);
}
