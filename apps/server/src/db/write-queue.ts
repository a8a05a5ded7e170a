import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, DatabaseHandle, Transaction } from './client';
import type { WriteOutcome } from './pglite-worker-protocol';

/**
 * A write that runs inside the queue's transaction. It gets that transaction and its own input, and must do
 * all its database work through `tx`: on the embedded database it runs in the database's own thread
 * (pglite-worker.ts), where there is no `ctx` at all, and on PostgreSQL a query on the database itself
 * (`ctx.db`) would be outside its transaction. Written at module level with a name, as `queuedWrite(name, run)`,
 * a write has no `ctx` in reach to get this wrong with; its input and output are data (they cross to the
 * worker by structured clone). It may run twice (the first time in a batch rolled back for another write's
 * failure), so it does nothing but its database work.
 */
export interface QueuedWrite<Input, Output> {
  /** What the embedded database's worker knows it by: queued-writes.ts lists every queued write. */
  readonly name: string;
  run(tx: Transaction, input: Input): Promise<Output>;
}

/** Any queued write, as a list of them holds it. */
export type AnyQueuedWrite = QueuedWrite<never, unknown>;

export function queuedWrite<Input, Output>(
  name: string,
  run: (tx: Transaction, input: Input) => Promise<Output>,
): QueuedWrite<Input, Output> {
  return { name, run };
}

/** Where an area sends the writes that wait for the database, so that those waiting together commit together. */
export interface WriteQueue {
  /**
   * Runs `write` with `input` and answers its result once the transaction it ran in has committed (never
   * before: an answer means the write is on disk); its own error if it failed (the others of its batch
   * still commit), or the commit's error if the commit failed.
   */
  run<Input, Output>(write: QueuedWrite<Input, Output>, input: Input): Promise<Output>;
}

/** A write of a batch and its input. */
export interface BatchedWrite {
  write: AnyQueuedWrite;
  input: unknown;
}

/** Runs a batch in one transaction and answers each write's outcome, in the batch's order, once it has ended. */
export type BatchRunner = (batch: BatchedWrite[]) => Promise<WriteOutcome<unknown>[]>;

/**
 * Writes per transaction at most. The embedded database serves nothing else while a batch runs (a read
 * waits for its commit), and a create costs ~0.5 ms there: 32 of them hold it ~16 ms, half the embedded
 * create-and-fetch p99 budget (30 ms), while the per-transaction begin and commit (~0.35 ms) are already
 * spread thin at this size.
 */
export const WRITE_BATCH_MAX = 32;

/** Set while a queued write runs: a write that queues another would wait for its own batch to end. */
const insideWrite = new AsyncLocalStorage<true>();

function refuseNestedWrite(): Error {
  return new Error('a queued write queued another: do that work with the transaction it was given');
}

/** Thrown out of a batch's transaction when one of its bare writes failed, to roll the others back with it. */
class WriteFailed extends Error {}

/**
 * One transaction for the whole batch, where the database runs it (the embedded database's worker). Writes
 * rarely fail, so they first run bare, one after another in the transaction; when one fails, the transaction
 * is rolled back and the batch runs again with a savepoint per write, so the failure undoes that write only.
 * A savepoint costs two statements (its start and its release), as many as the write itself: taken only
 * when needed, a batch of ten creates is 22 statements instead of 62. Each write's outcome is its result,
 * its own error, or the commit's error when the transaction did not commit (or could not start).
 */
export async function runWriteBatch(
  db: Pick<Database, 'transaction'>,
  batch: readonly BatchedWrite[],
): Promise<WriteOutcome<unknown>[]> {
  const outcomes: WriteOutcome<unknown>[] = [];
  const attempt = async (tx: Transaction, { write, input }: BatchedWrite, isIsolated: boolean) => {
    try {
      const value = isIsolated
        ? await tx.transaction((savepoint) => insideWrite.run(true, () => write.run(savepoint, input as never)))
        : await insideWrite.run(true, () => write.run(tx, input as never));
      outcomes.push({ isDone: true, value });
      return true;
    } catch (error) {
      outcomes.push({ isDone: false, error });
      return false;
    }
  };
  const inTransaction = async (work: (tx: Transaction) => Promise<void>) => {
    outcomes.length = 0;
    try {
      await db.transaction(work);
      return undefined;
    } catch (error) {
      return { error };
    }
  };
  let failure = await inTransaction(async (tx) => {
    for (const write of batch) if (!(await attempt(tx, write, false))) throw new WriteFailed();
  });
  if (failure?.error instanceof WriteFailed && batch.length > 1) {
    failure = await inTransaction(async (tx) => {
      for (const write of batch) await attempt(tx, write, true);
    });
  }
  return batch.map((_, index) => {
    const outcome = outcomes[index];
    if (outcome && !outcome.isDone) return outcome;
    // Not committed: the transaction's error (the commit's, or why it could not start) is every write's.
    if (failure) return { isDone: false, error: failure.error };
    return outcome ?? { isDone: false, error: new Error('a queued write ended without running') };
  });
}

/** One caller's write, waiting for a batch. */
interface Waiting extends BatchedWrite {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit in the application: the writes that wait while a batch runs form the next batch, taken in the
 * order they came (FIFO, at most WRITE_BATCH_MAX) when it is handed to `runBatch` — on the embedded database
 * one message to its worker, which runs the whole batch and answers every outcome at once (decision 045).
 */
export function createBatchingWriteQueue(runBatch: BatchRunner): WriteQueue {
  const waiting: Waiting[] = [];
  let isDraining = false;

  async function runNextBatch(): Promise<void> {
    const batch = waiting.splice(0, WRITE_BATCH_MAX);
    let outcomes: WriteOutcome<unknown>[];
    try {
      outcomes = await runBatch(batch);
    } catch (error) {
      // The batch never ran (the database is unreachable): each write fails with its error.
      outcomes = batch.map(() => ({ isDone: false, error }));
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index];
      if (outcome?.isDone) write.resolve(outcome.value);
      else write.reject(outcome ? outcome.error : new Error('a queued write ended without running'));
    });
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) await runNextBatch();
    } finally {
      isDraining = false;
    }
  }

  return {
    run: <Input, Output>(write: QueuedWrite<Input, Output>, input: Input) =>
      new Promise<Output>((resolve, reject) => {
        if (insideWrite.getStore()) return reject(refuseNestedWrite());
        waiting.push({ write: write as AnyQueuedWrite, input, resolve: resolve as (value: unknown) => void, reject });
        if (isDraining) return;
        isDraining = true;
        // Started from setImmediate, right after this turn of the loop's I/O: the requests that became
        // readable together reach here one after another within that turn, and the batch takes them all; a
        // lone write waits only for the callbacks already queued. Writes arriving while a batch is in the
        // database form the next one.
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
        : db.transaction((tx) => insideWrite.run(true, () => write.run(tx, input))),
  };
}

/**
 * The queue for this database: on the embedded one (one connection), batches its worker runs, each one
 * message there and back; on PostgreSQL each write apart.
 */
export function writeQueueFor(database: Pick<DatabaseHandle, 'db' | 'runWrites'>): WriteQueue {
  const { runWrites } = database;
  if (!runWrites) return createPassThroughWriteQueue(database.db);
  return createBatchingWriteQueue((batch) => runWrites(batch.map(({ write, input }) => ({ name: write.name, input }))));
}
