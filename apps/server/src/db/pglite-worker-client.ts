import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { serverRoot } from '../server-root';
import { rawTypesOf } from './pglite-text-types';
import type { PgliteRuntime } from './pglite';
import {
  rebuiltError,
  type CrossedError,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
  type WriteCall,
  type WriteOutcome,
} from './pglite-worker-protocol';

/**
 * The main thread's side of the embedded database's worker (pglite-worker.ts): the part of PGlite's client
 * that Drizzle's PGlite driver calls (`query`, and `transaction` whose `tx.query` runs inside it), each call a
 * message to the worker and its answer back. The worker holds the one connection for a transaction's
 * duration; PGlite queues everything else behind it, as it did in-process.
 *
 * A worker that stops unasked (a WebAssembly abort, out of memory) rejects every call waiting on it and every
 * later one, with an error that reads as the database being unreachable (is-connection-error.ts: a 503, and
 * /api/ready says so); `onStop` tells whoever logs, and the server then exits non-zero (serve.ts). It is not
 * restarted in-process: the process still holds DATA_DIR, and a restart of the server (by its supervisor) is what
 * replays PGlite's WAL from a known state.
 */
export class PgliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #stopped: Error | undefined;
  #isClosing = false;
  readonly #stopListeners: Array<(error: Error) => void> = [];

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    let uncaught: unknown;
    worker.on('error', (error) => (uncaught = error));
    worker.on('exit', (code) => this.#stop(code, uncaught));
    // Idle, the worker does not keep the process alive (a CLI that is done exits); a call waiting does.
    worker.unref();
  }

  /** Starts the worker on `dataDir` (or in memory, from `template` if given): opened and migrated when this resolves. */
  static async start(options: {
    dataDir: string | undefined;
    template?: Blob;
    runtime?: PgliteRuntime;
    /** The worker's compiled script, where the caller built one (the tests, once per process). */
    script?: string;
    transactionIdleLimitMs?: number;
  }): Promise<PgliteWorker> {
    const workerData: WorkerStart = {
      dataDir: options.dataDir,
      template: options.template,
      runtime: options.runtime,
      transactionIdleLimitMs: options.transactionIdleLimitMs ?? TRANSACTION_IDLE_LIMIT_MS,
    };
    const { entry, isEval } = options.script ? { entry: options.script, isEval: false } : workerEntry();
    const worker = new Worker(entry, { eval: isEval, workerData });
    try {
      await untilReady(worker);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return new PgliteWorker(worker);
  }

  /** The error every call now gets, once the worker has stopped (closed or died). */
  get stopped(): Error | undefined {
    return this.#stopped;
  }

  onStop(listener: (error: Error) => void): void {
    this.#stopListeners.push(listener);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  /** Several statements in one string, PostgreSQL's simple protocol (a CHECKPOINT). */
  async exec(sql: string): Promise<void> {
    await this.#call({ kind: 'exec', id: this.#nextId++, sql });
  }

  /**
   * `callback`'s statements run in one transaction: committed when it resolves, rolled back when it throws
   * (its error is rethrown). Savepoints of nested transactions are statements of `tx` like any other.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const transaction = this.#nextId++;
    await this.#call({ kind: 'begin', id: transaction });
    const tx: WorkerTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#query<R>(sql, params, options, transaction),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The caller's error is the one worth seeing; a failed rollback (the worker gone) adds nothing to it.
      await this.#call({ kind: 'end', id: this.#nextId++, transaction, isCommit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ kind: 'end', id: this.#nextId++, transaction, isCommit: true });
    return result;
  }

  /**
   * The write queue's batch (db/write-queue.ts), run by the worker in one transaction: one message there and
   * one back, with each write's result or error, once the transaction has ended.
   */
  async runWrites(calls: WriteCall[]): Promise<WriteOutcome<Error>[]> {
    const outcomes = (await this.#call({ kind: 'writes', id: this.#nextId++, calls })) as WriteOutcome<CrossedError>[];
    return outcomes.map((outcome) =>
      outcome.isDone ? outcome : { isDone: false, error: rebuiltError(outcome.error) },
    );
  }

  /** PGlite closed (after the statements already sent), then the thread ended. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#call({ kind: 'close', id: this.#nextId++ });
    } finally {
      this.#isClosing = true;
      await this.#worker.terminate();
    }
  }

  /** Ends the thread at once, as a crash would: what is waiting is rejected. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    transaction: number | undefined,
  ): Promise<Results<T>> {
    const result = await this.#call({
      kind: 'query',
      id: this.#nextId++,
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypesOf(options),
      transaction,
    });
    // Every query is answered with its results (only exec, begin, end and close have none), rows of the shape
    // the caller names, as PGlite's own `query<T>` trusts it.
    return result as Results<T>;
  }

  /** The answer to `request`: a statement's results, a batch's outcomes, or nothing. */
  #call(request: WorkerRequest): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  #settle(reply: WorkerReply): void {
    if (reply.kind === 'ready' || reply.kind === 'failed') return;
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.kind === 'done') waiting.resolve(reply.result);
    else if (reply.kind === 'written') waiting.resolve(reply.outcomes);
    else waiting.reject(rebuiltError(reply.error));
  }

  #stop(code: number, uncaught: unknown): void {
    const error = this.#isClosing
      ? new Error('PGlite is closed')
      : new Error(
          `PGlite's worker stopped (exit code ${code})${uncaught instanceof Error ? `: ${uncaught.message}` : ''}`,
          { cause: uncaught },
        );
    this.#stopped = error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
    if (!this.#isClosing) for (const listener of this.#stopListeners) listener(error);
  }
}

/** What `transaction`'s callback gets: the statements of that transaction. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * Longer than any statement the server runs inside a transaction, far shorter than "forever": past it, a
 * transaction whose caller stopped sending (a promise that never settles) is rolled back and the database
 * serves everyone else again.
 */
const TRANSACTION_IDLE_LIMIT_MS = 60_000;

/**
 * The worker's script: the compiled one beside dist/main.js under `npm start` (scripts/build-server.mjs builds
 * both), else the TypeScript source through tsx (tests, dev). A worker does not take tsx's `--import` from
 * its options on Node 20, so a line of code registers tsx in the thread and then imports the source.
 */
function workerEntry(): { entry: string; isEval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: join(serverRoot, 'dist/pglite-worker.js'), isEval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = pathToFileURL(join(serverRoot, 'src/database-worker.ts')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return { entry: bootstrap, isEval: true };
}

function untilReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.kind !== 'ready' && reply.kind !== 'failed') return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', reject);
      if (reply.kind === 'ready') resolve();
      else reject(rebuiltError(reply.error));
    };
    const onExit = (code: number) => reject(new Error(`PGlite's worker stopped while opening (exit code ${code})`));
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.once('error', reject);
  });
}
