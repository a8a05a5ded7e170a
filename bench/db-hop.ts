/**
 * What a statement costs once PGlite runs in its worker thread (apps/server/src/db/pglite-worker-client.ts)
 * rather than on the thread that calls it: the round trip of a message each way, the copy of the parameters
 * and rows, against the same statement on PGlite in-process. Both sides open the same data directory (made
 * by the server's own first open: initdb and the migrations in a child), one after the other, alternating
 * which goes first by round, each with a table of `--rows` rows of 1 KB.
 *
 * Per side and case, `--queries` statements with the options Drizzle's PGlite session passes (array rows,
 * its parsers), from one caller in turn and from `--clients` callers at once (each waits for its answer
 * before sending the next): latency p50/p99 and statements/s, and the calling thread's busy time per
 * statement (its event loop utilisation over the run), which is what the server's HTTP and sockets no longer
 * wait for. Cases: `select 1` (the hop alone) and a primary-key read of a 1 KB row.
 *
 *   npm run bench -- db-hop [--rounds 2] [--queries 5000] [--clients 10] [--rows 10000] [--timeout 600]
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import { migratePgliteDatabase } from '../apps/server/src/db/migrate';
import { createPglite } from '../apps/server/src/db/pglite';
import { initialisePgliteInChild } from '../apps/server/src/db/pglite-first-open';
import { PgliteWorker } from '../apps/server/src/db/pglite-worker-client';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { latencySummary, median, round2 } from './lib/stats';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    queries: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '10' },
    rows: { type: 'string', default: '10000' },
    timeout: { type: 'string', default: '600' },
  },
});
const SCENARIO = 'db-hop';
const rounds = positiveInt(SCENARIO, 'rounds', values.rounds);
const queries = positiveInt(SCENARIO, 'queries', values.queries);
const clients = positiveInt(SCENARIO, 'clients', values.clients);
const rows = positiveInt(SCENARIO, 'rows', values.rows);
const disarm = guardScenario(SCENARIO, positiveInt(SCENARIO, 'timeout', values.timeout));

const SIDES = ['inProcess', 'worker'] as const;
type Side = (typeof SIDES)[number];
const CASES = ['select1', 'primaryKeyRead'] as const;
type Case = (typeof CASES)[number];
const LOADS = ['single', 'concurrent'] as const;
type Load = (typeof LOADS)[number];

/** What both sides answer: PGlite itself and the worker's client share this much. */
interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** drizzle-orm/pglite/session.js's options for a select with fields: array rows, date and time types as text. */
const identity = (value: string) => value;
const DRIZZLE_OPTIONS: QueryOptions = {
  rowMode: 'array',
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      identity,
    ]),
  ),
};

const STATEMENTS: Record<Case, { sql: string; params: () => unknown[] }> = {
  select1: { sql: 'select 1', params: () => [] },
  primaryKeyRead: {
    sql: 'select id, payload from hop_rows where id = $1',
    params: () => [1 + Math.floor(Math.random() * rows)],
  },
};

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  /** The calling thread's busy time per statement, µs. */
  callerBusyMicros: number;
}

async function measure(database: Queryable, statement: Case, load: Load): Promise<Figures> {
  const { sql, params } = STATEMENTS[statement];
  const latencies: number[] = [];
  const callers = load === 'single' ? 1 : clients;
  let sent = 0;
  const caller = async () => {
    while (sent < queries) {
      sent++;
      const started = performance.now();
      await database.query(sql, params(), DRIZZLE_OPTIONS);
      latencies.push(performance.now() - started);
    }
  };
  // Warm-up: the statement's plan, the JIT of both threads.
  for (let index = 0; index < 200; index++) await database.query(sql, params(), DRIZZLE_OPTIONS);
  const utilisationBefore = performance.eventLoopUtilization();
  const started = performance.now();
  await Promise.all(Array.from({ length: callers }, caller));
  const elapsedMs = performance.now() - started;
  const { active } = performance.eventLoopUtilization(utilisationBefore);
  return {
    ...latencySummary(latencies),
    perSecond: Math.round((queries / elapsedMs) * 1000),
    callerBusyMicros: round2((active * 1000) / queries),
  };
}

type SideFigures = Record<Case, Record<Load, Figures>>;

async function measureSide(side: Side, pgliteDir: string): Promise<SideFigures> {
  let database: Queryable;
  let close: () => Promise<void>;
  if (side === 'inProcess') {
    const client = await createPglite(pgliteDir);
    await migratePgliteDatabase(client);
    database = client;
    close = () => client.close();
  } else {
    const worker = await PgliteWorker.start({ dataDir: pgliteDir });
    database = worker;
    close = () => worker.close();
  }
  try {
    // One case after another, never two at once.
    return {
      select1: {
        single: await measure(database, 'select1', 'single'),
        concurrent: await measure(database, 'select1', 'concurrent'),
      },
      primaryKeyRead: {
        single: await measure(database, 'primaryKeyRead', 'single'),
        concurrent: await measure(database, 'primaryKeyRead', 'concurrent'),
      },
    };
  } finally {
    await close();
  }
}

const pgliteDir = join(temporaryDirectory('clipsync-db-hop-'), 'pglite');
console.error(`${SCENARIO}: initialising a data directory (initdb and the migrations in a child)`);
await initialisePgliteInChild(pgliteDir);
{
  const client = await createPglite(pgliteDir);
  await client.exec(`create table hop_rows (id int primary key, payload text not null);
    insert into hop_rows select n, repeat('x', 1024) from generate_series(1, ${rows}) as n;
    checkpoint;`);
  await client.close();
}

const samples: Record<Side, SideFigures[]> = { inProcess: [], worker: [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? SIDES : [...SIDES].reverse();
  for (const side of order) {
    console.error(`${SCENARIO}: round ${round + 1}/${rounds}, ${side}`);
    samples[side].push(await measureSide(side, pgliteDir));
  }
}

const medianFigures = (side: Side, statement: Case, load: Load): Figures => {
  const of = (pick: (figures: Figures) => number) => round2(median(samples[side].map((s) => pick(s[statement][load]))));
  return {
    p50: of((f) => f.p50),
    p99: of((f) => f.p99),
    perSecond: of((f) => f.perSecond),
    callerBusyMicros: of((f) => f.callerBusyMicros),
  };
};

const results = Object.fromEntries(
  CASES.map((statement) => [
    statement,
    Object.fromEntries(
      LOADS.map((load) => {
        const inProcess = medianFigures('inProcess', statement, load);
        const worker = medianFigures('worker', statement, load);
        return [
          load,
          {
            inProcess,
            worker,
            /** What the worker adds to a statement's latency (p50), ms. */
            hopMs: round2(worker.p50 - inProcess.p50),
            /** The calling thread's busy time per statement, worker ÷ in-process. */
            callerBusyRatio: round2(worker.callerBusyMicros / inProcess.callerBusyMicros),
          },
        ];
      }),
    ),
  ]),
);

disarm();
await printResult(
  {
    scenario: SCENARIO,
    machine: machine(),
    database: 'pglite (DATA_DIR on disk), in-process and in its worker thread',
    rounds,
    queries,
    clients,
    rows,
    results,
    samples,
  },
  false,
);
