/**
 * "start" (its budget: bench/README.md#results): how long a self-hoster waits for the server after `npm start`,
 * from the process's spawn until `GET /api/health` answers 200, with the embedded database: on an empty
 * DATA_DIR (a first start: PGlite's initdb and every migration) and again on the same one (a restart: an
 * upgrade, a crash). Run as `npm start` runs it (`scripts/start.mjs`, NODE_ENV=production), after one untimed
 * start that builds the app if its sources changed. `BENCH_CHILD_FLAGS="--cpu-prof --cpu-prof-dir=DIR"` writes
 * a profile of each start (the main thread's and the database worker's).
 *
 *   npm run bench -- start [--rounds 5] [--timeout 600]
 */
import { parseArgs } from 'node:util';
import { startAsNpmStart, stopNpmStart } from './lib/built-app';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { median } from './lib/stats';

const FIRST_START_MAX_MS = 6000;
const RESTART_MAX_MS = 3000;
/** The untimed start may build the web app and the server first. */
const BUILD_TIMEOUT_MS = 600_000;
const START_TIMEOUT_MS = 120_000;

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, timeout: { type: 'string', default: '600' } },
});
const rounds = positiveInt('start', 'rounds', values.rounds);
const disarm = guardScenario('start', positiveInt('start', 'timeout', values.timeout));
const childFlags = process.env.BENCH_CHILD_FLAGS?.split(' ').filter(Boolean) ?? [];

/** Milliseconds from spawning `npm start`'s script on `dataDir` until /api/health answers 200. */
async function timeStart(dataDir: string, timeoutMs = START_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  const { child } = await startAsNpmStart({ dataDir, timeoutMs, nodeArgs: childFlags });
  const elapsed = Math.round(performance.now() - started);
  await stopNpmStart(child);
  return elapsed;
}

console.error('start: one untimed start (it builds the app first if its sources changed)');
await timeStart(temporaryDirectory(), BUILD_TIMEOUT_MS);
const firstStarts: number[] = [];
const restarts: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const dataDir = temporaryDirectory();
  firstStarts.push(await timeStart(dataDir));
  restarts.push(await timeStart(dataDir));
  console.error(`start: round ${round}: first start ${firstStarts.at(-1)} ms, restart ${restarts.at(-1)} ms`);
}

const firstStartMs = median(firstStarts);
const restartMs = median(restarts);
const verdict = {
  firstStart: { medianMs: firstStartMs, maxMs: FIRST_START_MAX_MS, met: firstStartMs <= FIRST_START_MAX_MS },
  restart: { medianMs: restartMs, maxMs: RESTART_MAX_MS, met: restartMs <= RESTART_MAX_MS },
};
const withinBudget = verdict.firstStart.met && verdict.restart.met;
console.error(
  `start: first start ${firstStartMs} ms (budget ≤ ${FIRST_START_MAX_MS}), restart ${restartMs} ms (budget ≤ ` +
    `${RESTART_MAX_MS}): ${withinBudget ? 'met' : 'missed'}`,
);
disarm();
await printResult(
  {
    scenario: 'start',
    machine: machine(),
    database: 'pglite (DATA_DIR)',
    rounds,
    firstStarts,
    restarts,
    verdict,
    withinBudget,
  },
  !withinBudget,
);
