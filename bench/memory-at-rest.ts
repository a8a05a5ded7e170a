/**
 * "server memory at rest" (its budget: bench/README.md#results): the RSS of the process `npm start` leaves
 * running, with no client, after full collections. Budget ≤ 220 MB embedded (its worker counted), ≤ 150 MB on
 * PostgreSQL. Measured as a user runs it: `scripts/start.mjs` (which builds first if the sources are newer, then
 * imports the compiled server into its own process), with `bench/servers/memory-probe.mjs` preloaded to answer
 * with the process's memory. Per round:
 *  - the embedded default on an empty DATA_DIR (first start), then on the same DATA_DIR again (restart);
 *  - with --database-url: the server on a throw-away database on that PostgreSQL (the database's own
 *    processes are the operator's and not counted);
 *  - a bare Node process with the same preload, for scale: what any Node process holds.
 * Each figure is split into V8's heap, the rest of the anonymous memory (for PGlite, mostly its
 * WebAssembly memory) and file-backed pages (Node's binary and libraries).
 *
 *   npm run bench -- memory-at-rest [--rounds 2] [--settle 30] [--database-url postgres://…] [--timeout 600]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase, describeDatabase } from './lib/database';
import { startAsNpmStart, stopNpmStart } from './lib/built-app';
import {
  guardScenario,
  machine,
  onCleanup,
  positiveInt,
  printResult,
  stopProcess,
  temporaryDirectory,
} from './lib/scenario';
import { median, round2 } from './lib/stats';

/** The embedded database's worker (its WebAssembly memory and compiled code) is in the process: decision 044. */
const EMBEDDED_RSS_MAX_MB = 220;
const POSTGRES_RSS_MAX_MB = 150;
/** A first start builds the app if its sources changed, and runs PGlite's initdb: slow on a busy machine. */
const START_TIMEOUT_MS = 300_000;
const REPLY_TIMEOUT_MS = 10_000;
/** A bare process with nothing to drain ends at SIGTERM. */
const BARE_STOP_GRACE_MS = 2_000;
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    settle: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    timeout: { type: 'string', default: '600' },
  },
});
const rounds = positiveInt('memory-at-rest', 'rounds', values.rounds);
const settleMs = positiveInt('memory-at-rest', 'settle', values.settle) * 1000;
const disarm = guardScenario('memory-at-rest', positiveInt('memory-at-rest', 'timeout', values.timeout));

const probe = fileURLToPath(new URL('./servers/memory-probe.mjs', import.meta.url));
const databaseUrl = values['database-url'] ? await createThrowawayDatabase(values['database-url']) : undefined;

interface Memory {
  rss: number;
  heapTotal: number;
  external: number;
  anonymous: number;
  fileBacked: number;
}

const PROBE_ARGS = ['--expose-gc', '--import', probe];

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory reply')), REPLY_TIMEOUT_MS);
    child.on('message', function onMessage(message: { type?: string } & Memory) {
      if (message.type !== 'memory') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message);
    });
    child.send({ type: 'memory' });
  });
}

/** `npm start` on `dataDir` (and `DATABASE_URL` if given): healthy, then idle for `settleMs`, then measured. */
async function measureServer(dataDir: string, database?: string): Promise<Memory> {
  // A server on a shared PostgreSQL must be given its signing key (every node signs with the same one).
  const env: Record<string, string> = database
    ? { DATABASE_URL: database, JWT_SECRET: randomBytes(32).toString('hex') }
    : {};
  const { child } = await startAsNpmStart({
    dataDir,
    env,
    nodeArgs: PROBE_ARGS,
    withIpc: true,
    timeoutMs: START_TIMEOUT_MS,
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return await memoryOf(child);
  } finally {
    await stopNpmStart(child);
  }
}

/** A bare Node process with the probe preloaded, for scale. */
async function measureBareNode(): Promise<Memory> {
  const child = spawn(process.execPath, [...PROBE_ARGS, '-e', 'setInterval(() => {}, 1 << 30)'], {
    stdio: ['ignore', 'ignore', 2, 'ipc'],
  });
  onCleanup(() => void child.kill('SIGKILL'));
  try {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return await memoryOf(child);
  } finally {
    await stopProcess(child, BARE_STOP_GRACE_MS);
  }
}

type Side = 'embeddedFirstStart' | 'embeddedRestart' | 'postgresql' | 'bareNode';
const samples: Partial<Record<Side, Memory[]>> = {};
const record = (side: Side, memory: Memory) => (samples[side] ??= []).push(memory);

for (let round = 1; round <= rounds; round++) {
  console.error(`memory-at-rest: round ${round}`);
  const dataDir = temporaryDirectory();
  record('embeddedFirstStart', await measureServer(dataDir));
  record('embeddedRestart', await measureServer(dataDir));
  if (databaseUrl) record('postgresql', await measureServer(temporaryDirectory(), databaseUrl));
  record('bareNode', await measureBareNode());
}

/** Medians over rounds, in MB: the RSS and how it divides. */
function summarize(memories: Memory[]) {
  const mb = (pick: (memory: Memory) => number) => round2(median(memories.map(pick)) / MB);
  return {
    rssMb: mb((memory) => memory.rss),
    v8HeapMb: mb((memory) => memory.heapTotal),
    otherAnonymousMb: mb((memory) => memory.anonymous - memory.heapTotal),
    fileBackedMb: mb((memory) => memory.fileBacked),
    /** V8's external memory: Buffers, and PGlite's WebAssembly memory at its full size (resident or not). */
    externalMb: mb((memory) => memory.external),
    samplesRssMb: memories.map((memory) => round2(memory.rss / MB)),
  };
}

const sides = Object.fromEntries(
  Object.entries(samples).map(([side, memories]) => [side, summarize(memories)]),
) as Record<Side, ReturnType<typeof summarize>>;
const judged = (side: Side, maxMb: number) =>
  sides[side] ? { rssMb: sides[side].rssMb, maxMb, met: sides[side].rssMb <= maxMb } : null;
const verdict = {
  embeddedFirstStart: judged('embeddedFirstStart', EMBEDDED_RSS_MAX_MB),
  embeddedRestart: judged('embeddedRestart', EMBEDDED_RSS_MAX_MB),
  postgresql: judged('postgresql', POSTGRES_RSS_MAX_MB),
};
for (const [side, figures] of Object.entries(sides)) {
  console.error(
    `  ${side}: RSS ${figures.rssMb} MB (V8 heap ${figures.v8HeapMb}, other anonymous ${figures.otherAnonymousMb}, file-backed ${figures.fileBackedMb})`,
  );
}

disarm();
const withinBudget = Object.values(verdict).every((figure) => figure === null || figure.met);
await printResult(
  {
    scenario: 'memory-at-rest',
    machine: machine(),
    database: databaseUrl ? `pglite (DATA_DIR) and ${describeDatabase(databaseUrl)}` : 'pglite (DATA_DIR)',
    rounds,
    settleSeconds: settleMs / 1000,
    sides,
    verdict,
    budget: { embeddedRssMaxMb: EMBEDDED_RSS_MAX_MB, postgresRssMaxMb: POSTGRES_RSS_MAX_MB },
    withinBudget,
  },
  !withinBudget,
);
