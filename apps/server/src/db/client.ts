/**
 * The database: PGlite in DATA_DIR by default, PostgreSQL with DATABASE_URL (decision 005), behind the one
 * `DatabaseHandle` the rest of the server receives. The embedded database runs in a worker thread (decision
 * 037), one process per DATA_DIR, and writes waiting for its one connection commit together (decision 038);
 * on PostgreSQL a job's tick runs on one node of several. Tables are Drizzle's, one file per aggregate;
 * migrations are drizzle-kit's SQL, committed and never edited once landed. The commands an operator runs on
 * the machine (`npm run backup`, `npm run admin`) live here too, beside what they act on.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { runAloneOnPostgres, type LockedRun } from './cluster-lock';
import type { DataDirLock } from './data-dir-lock';
import { isEmbeddedDatabase, startEmbeddedDatabase, type StartedEmbeddedDatabase } from './embedded-start';
import { migratePostgresDatabase } from './migrate';
import type { PgliteWorker } from './pglite-worker-client';
import type { WriteCall, WriteOutcome } from './pglite-worker-protocol';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction(async (tx) => …)` hands its callback: the areas' writes take it or the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** PostgreSQL's connection pool at a glance (the metrics page shows it). */
export interface PoolUsage {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries queued for a free connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer (used by /api/ready). */
  ping(): Promise<void>;
  /**
   * Runs `work` unless another node sharing the database is running the work of the same name, in which
   * case it is skipped (the modules' jobs: db/cluster-lock.ts). PGlite always runs it: DATA_DIR's lock
   * already keeps its database to one process.
   */
  runAlone<T>(name: string, work: () => Promise<T>): Promise<LockedRun<T>>;
  /**
   * PGlite only: its worker runs a batch of the write queue's writes in one transaction, one message each way
   * (db/write-queue.ts, decision 045). Undefined on PostgreSQL, where each write is a transaction of its own.
   */
  runWrites: ((calls: WriteCall[]) => Promise<WriteOutcome<Error>[]>) | undefined;
  /** PostgreSQL's pool; undefined for PGlite, which has a single connection (in its worker thread) and no pool. */
  poolUsage(): PoolUsage | undefined;
  /**
   * Calls `listener` once the database is gone for good: PGlite's worker died unasked (never on close). The
   * process can only answer errors from then on, so the server exits and its supervisor restarts it. PostgreSQL's
   * pool reconnects by itself after an outage, so it never calls it.
   */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/**
 * PGlite in DATA_DIR by default (locked against a second process), PGlite in memory for `memory://`,
 * otherwise PostgreSQL through a pg pool. Migrations are applied before the handle is returned. `started` is
 * the embedded database main.ts began to open before the server's modules loaded (db/embedded-start.ts).
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  log: FastifyBaseLogger,
  started?: Promise<StartedEmbeddedDatabase>,
): Promise<DatabaseHandle> {
  if (!isEmbeddedDatabase(databaseUrl)) return openPostgres(databaseUrl, log);
  const { worker, lock } = await (started ?? startEmbeddedDatabase(databaseUrl, dataDir));
  return pgliteHandle(worker, lock, log);
}

/** What the handle uses of PGlite's worker (the tests hand it a worker they reuse: test/template-database-pool.ts). */
export type PgliteConnection = Pick<
  PgliteWorker,
  'stopped' | 'onStop' | 'query' | 'exec' | 'transaction' | 'runWrites' | 'close'
>;

/**
 * The handle on PGlite's worker, already migrated (pglite-worker.ts). Drizzle's PGlite driver is given the
 * worker's client: it calls only `query` and `transaction` (drizzle-orm/pglite/session.js), which the client
 * implements, but its type names the whole PGlite class.
 */
export function pgliteHandle(
  worker: PgliteConnection,
  lock: DataDirLock | undefined,
  log: FastifyBaseLogger,
): DatabaseHandle {
  worker.onStop((error) =>
    log.error({ err: error }, 'the embedded database stopped: every request needing it fails until a restart'),
  );
  const db = drizzlePglite(worker as unknown as PGlite, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runAlone: async (_name, work) => ({ isRun: true, value: await work() }),
    runWrites: (calls) => worker.runWrites(calls),
    poolUsage: () => undefined,
    onLost: (listener) => worker.onStop(listener),
    close: async () => {
      try {
        // Flush WAL into the data files so the next start opens fast and nothing depends on replay.
        if (!worker.stopped) await worker.exec('CHECKPOINT');
      } finally {
        // Closed whatever the checkpoint did: the lock must never be let go while PGlite still has the directory.
        try {
          await worker.close();
        } finally {
          await lock?.release();
        }
      }
    },
  };
}

async function openPostgres(url: string, log: FastifyBaseLogger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL pool client error'));
  // So must one checked out for a transaction, between two of its queries: the pool listens to idle clients
  // only, and a client's 'error' with no listener ends the process. The transaction's next query fails (503).
  pool.on('connect', (client) =>
    client.on('error', (error) => log.warn({ err: error }, 'PostgreSQL client lost its connection')),
  );
  await migratePostgresDatabase(pool).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runAlone: (name, work) => runAloneOnPostgres(pool, name, work),
    runWrites: undefined,
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onLost: () => undefined,
    close: () => pool.end(),
  };
}
