/**
 * The embedded database's thread (a `worker_threads` Worker started by pglite-worker-client.ts, from
 * database-worker.ts): PGlite, its migrations, then every statement the main thread sends, so PostgreSQL's
 * WebAssembly runs on a core of its own while the main thread serves HTTP and sockets. It answers one request
 * at a time as PGlite does, in the order they arrive; an open transaction holds PGlite until the main thread
 * ends it, or until it has sent nothing for `transactionIdleLimitMs`, when it is rolled back. The write
 * queue's batches it runs itself, by their writes' names: one message for a whole transaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './client';
import { migratePgliteDatabase } from './migrate';
import { createPglite } from './pglite';
import { installTextTypes, parsersFor, rawTypesOf } from './pglite-text-types';
import {
  crossedError,
  type CrossedError,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
  type WriteCall,
  type WriteOutcome,
} from './pglite-worker-protocol';
import { queuedWrite, runWriteBatch, type AnyQueuedWrite } from './write-queue';

const start = workerData as WorkerStart;

/** An open transaction: PGlite's, and how to end it (PGlite commits when its callback returns, rolls back when it throws). */
interface OpenTransaction {
  tx: Transaction;
  end(isCommit: boolean): void;
  /** Settles once PGlite has committed or rolled back; rejects when the commit failed. */
  ended: Promise<void>;
  idleTimer: NodeJS.Timeout | undefined;
  /** Its statements sent and not yet answered: it idles only when there are none. */
  inFlight: number;
  /** Why it can no longer be used: rolled back for idling. */
  closedReason: Error | undefined;
}

/** Thrown into PGlite's transaction callback to have it roll back. */
class RollbackRequested extends Error {}

const transactions = new Map<number, OpenTransaction>();
let reply: (message: WorkerReply) => void = () => undefined;

/**
 * Opens the database and serves the main thread; `writes` are the queued writes it may be asked to run
 * (queued-writes.ts lists them all).
 */
export async function serveEmbeddedDatabase(writes: readonly AnyQueuedWrite[]): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker runs as a worker thread (db/pglite-worker-client.ts)');
  reply = (message) => port.postMessage(message);
  const opened = await open();
  if (!opened) return;
  const served = {
    client: opened,
    db: localDrizzle(opened),
    writes: new Map(writes.map((write) => [write.name, write])),
  };
  port.on('message', (request: WorkerRequest) => void serve(served, request));
  reply({ kind: 'ready' });
}

interface Served {
  client: PGlite;
  /** Drizzle on this thread's PGlite, for the queued writes. */
  db: Database;
  writes: Map<string, AnyQueuedWrite>;
}

/** PGlite opened and migrated, or undefined once the failure is told (the main thread then ends this thread). */
async function open(): Promise<PGlite | undefined> {
  let client: PGlite | undefined;
  try {
    client = await createPglite(start.dataDir, { template: start.template, runtime: start.runtime });
    await migratePgliteDatabase(client);
    installTextTypes(client);
    return client;
  } catch (error) {
    reply({ kind: 'failed', error: crossedError(error) });
    if (client && !client.closed) await client.close().catch(() => undefined);
    return undefined;
  }
}

async function serve(served: Served, request: WorkerRequest): Promise<void> {
  try {
    if (request.kind === 'writes') {
      reply({ kind: 'written', id: request.id, outcomes: await runWrites(served, request.calls) });
    } else {
      reply({ kind: 'done', id: request.id, result: await answer(served.client, request) });
    }
  } catch (error) {
    reply({ kind: 'refused', id: request.id, error: crossedError(error) });
  }
}

/** A batch of queued writes in one transaction, each outcome with its error made fit to cross. */
async function runWrites(served: Served, calls: WriteCall[]): Promise<WriteOutcome<CrossedError>[]> {
  const batch = calls.map(({ name, input }) => ({ write: served.writes.get(name) ?? unknownWrite(name), input }));
  const outcomes = await runWriteBatch(served.db, batch);
  return outcomes.map((outcome) => (outcome.isDone ? outcome : { isDone: false, error: crossedError(outcome.error) }));
}

/** A name this worker was not given: it fails as a write would, alone, and its batch-mates still commit. */
function unknownWrite(name: string): AnyQueuedWrite {
  return queuedWrite(name, () =>
    Promise.reject(new Error(`no queued write named '${name}' in the database's worker (queued-writes.ts)`)),
  );
}

async function answer(
  client: PGlite,
  request: Exclude<WorkerRequest, { kind: 'writes' }>,
): Promise<Results | undefined> {
  switch (request.kind) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
      if (request.transaction === undefined) return client.query(request.sql, request.params, options);
      const open = openTransaction(request.transaction);
      clearTimeout(open.idleTimer);
      open.inFlight++;
      try {
        return await open.tx.query(request.sql, request.params, options);
      } finally {
        if (--open.inFlight === 0) watchIdle(open);
      }
    }
    case 'exec':
      await client.exec(request.sql);
      return undefined;
    case 'begin':
      await begin(client, request.id);
      return undefined;
    case 'end': {
      const open = transactions.get(request.transaction);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.transaction);
      clearTimeout(open.idleTimer);
      open.end(request.isCommit);
      await open.ended;
      // Rolled back for idling: a commit asked afterwards did not happen, and must not read as done.
      if (request.isCommit && open.closedReason) throw open.closedReason;
      return undefined;
    }
    case 'close':
      if (!client.closed) await client.close();
      return undefined;
  }
}

/** Resolves once PGlite's transaction has begun (it waits for the one before it to end). */
function begin(client: PGlite, id: number): Promise<void> {
  return new Promise((begun, failed) => {
    let end: (isCommit: boolean) => void = () => undefined;
    const held = new Promise<void>((commit, rollback) => {
      end = (isCommit) => (isCommit ? commit() : rollback(new RollbackRequested()));
    });
    const ended = client
      .transaction(async (tx) => {
        const open: OpenTransaction = { tx, end, ended, idleTimer: undefined, inFlight: 0, closedReason: undefined };
        transactions.set(id, open);
        watchIdle(open);
        begun();
        await held;
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollbackRequested)) throw error;
      });
    // A BEGIN that failed (PGlite closed) never reached the callback.
    ended.catch(failed);
  });
}

function openTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (open?.closedReason) throw open.closedReason;
  if (!open) throw new Error('Transaction is closed');
  return open;
}

function watchIdle(open: OpenTransaction): void {
  clearTimeout(open.idleTimer);
  open.idleTimer = setTimeout(() => {
    // PostgreSQL's own SQLSTATE for this (idle_in_transaction_session_timeout).
    open.closedReason = Object.assign(
      new Error(`the transaction was rolled back after ${start.transactionIdleLimitMs} ms without a statement`),
      { code: '25P03' },
    );
    open.end(false);
  }, start.transactionIdleLimitMs).unref();
}

/**
 * Drizzle on this thread's PGlite, whose statements keep as text exactly the types they ask to (the table
 * installTextTypes set up), as the main thread's statements do: PGlite merging a statement's own parsers costs
 * more than the statement.
 */
function localDrizzle(client: PGlite): Database {
  const optionsOf = (options: QueryOptions | undefined) => ({
    rowMode: options?.rowMode,
    parsers: parsersFor(rawTypesOf(options)),
  });
  const connection = {
    query: (sql: string, params?: unknown[], options?: QueryOptions) => client.query(sql, params, optionsOf(options)),
    transaction: <T>(callback: (tx: Pick<Transaction, 'query'>) => Promise<T>) =>
      client.transaction((tx) =>
        callback({ query: (sql, params, options) => tx.query(sql, params, optionsOf(options)) }),
      ),
  };
  // Drizzle's PGlite driver calls only `query` and `transaction` (as on the main thread: db/client.ts).
  return drizzle(connection as unknown as PGlite) as unknown as Database;
}
