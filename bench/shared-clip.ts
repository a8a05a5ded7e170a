/**
 * "one shared clip opened by 200 signed-out viewers" (bench/README.md#shared-clip): one user shares one public
 * ~1 KB text clip; `--clients` keep-alive clients without a token read it in a closed loop. Two cases, each
 * against its floor, the raw file server (`servers/raw-file-server.ts`) answering a file of the same size:
 * - `api`: `GET /api/clipboard/<id>` (the JSON the page fetches) against `GET /raw/clip.json`, the same bytes;
 * - `page`: `GET /clips/<id>` (the SPA's HTML, what the link opens first) against `GET /raw/page.html`, the same
 *   index.html.
 * Every side of every round on a fresh process, the order alternating by round; medians over rounds. Budget:
 * req/s ≥ 0.5× the floor's and p99 ≤ 2× its p99. Errors are non-2xx answers and connection failures.
 *
 *   npm run bench -- shared-clip [--duration 5] [--rounds 3] [--clients 200] [--case api|page|both]
 *                                [--database-url postgres://user@127.0.0.1:5432/postgres] [--timeout 300]
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase, describeDatabase } from './lib/database';
import { httpRequest, keepAliveAgent, requestJson, runClosedLoop, type LoadResult } from './lib/http';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild, type ServerChild } from './lib/server-child';
import { latencySummary, median, round2 } from './lib/stats';
import type { SignedIn } from './servers/clipsync-fixtures';

const RATE_RATIO_MIN = 0.5;
const P99_RATIO_MAX = 2;
const BUDGET_CLIENTS = 200;
const CONTENT_CHARS = 1_024;
const WARMUP_MS = 1_000;
const ERRORS_SHOWN = 3;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: String(BUDGET_CLIENTS) },
    case: { type: 'string', default: 'both' },
    'database-url': { type: 'string' },
    timeout: { type: 'string', default: '300' },
  },
});
const durationMs = positiveInt('shared-clip', 'duration', values.duration) * 1000;
const rounds = positiveInt('shared-clip', 'rounds', values.rounds);
const clients = positiveInt('shared-clip', 'clients', values.clients);
const CASES = ['api', 'page'] as const;
type Case = (typeof CASES)[number];
const cases: readonly Case[] = values.case === 'api' || values.case === 'page' ? [values.case] : CASES;
const disarm = guardScenario('shared-clip', positiveInt('shared-clip', 'timeout', values.timeout));

const dataDir = temporaryDirectory();
const rawDir = temporaryDirectory();
// The page is index.html whichever path it is asked by; the source's stands for the build's (same size class),
// so the scenario needs no web build.
const webDir = temporaryDirectory('clipsync-bench-web-');
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
copyFileSync(join(repoRoot, 'apps/web/index.html'), join(webDir, 'index.html'));
copyFileSync(join(repoRoot, 'apps/web/index.html'), join(rawDir, 'page.html'));
mkdirSync(join(webDir, 'assets'), { recursive: true });
const databaseUrl = values['database-url'] ? await createThrowawayDatabase(values['database-url']) : 'data-dir';
const clipsyncScript = fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url));
const rawScript = fileURLToPath(new URL('./servers/raw-file-server.ts', import.meta.url));
// 200 clients from one address: the per-IP limit raised so every request is served (and still counted).
const clipsyncEnv = {
  BENCH_DATA_DIR: dataDir,
  BENCH_DATABASE_URL: databaseUrl,
  BENCH_RATE_LIMIT_PER_MINUTE: '100000000',
  WEB_DIST_DIR: webDir,
};

const SIDES = ['raw', 'clipsync'] as const;
type Side = (typeof SIDES)[number];

/** The owner, their one shared clip, and the raw server's copy of the same JSON answer. */
async function setUp(): Promise<string> {
  const server = await startServerChild(clipsyncScript, { env: clipsyncEnv, nodeFlags: PRODUCTION_V8_FLAGS });
  try {
    const owner = await server.call<SignedIn>('signIn');
    const base = `http://127.0.0.1:${server.port}/api/clipboard`;
    const content = 'shared '.repeat(CONTENT_CHARS).slice(0, CONTENT_CHARS);
    const authorization = `Bearer ${owner.accessToken}`;
    const { id } = await requestJson<{ id: string }>(base, {
      method: 'POST',
      headers: { authorization },
      json: { content },
    });
    const answer = await httpRequest(`${base}/${id}`, { agent: false });
    if (answer.status !== 200) throw new Error(`GET /api/clipboard/${id}: HTTP ${answer.status}`);
    writeFileSync(join(rawDir, 'clip.json'), answer.body);
    return id;
  } finally {
    await server.stop();
  }
}

function failureLog(label: string) {
  let shown = 0;
  return (what: string): false => {
    if (shown++ < ERRORS_SHOWN) console.error(`  ${label}: ${what}`);
    return false;
  };
}

const pathOf = (side: Side, kind: Case, clipId: string) =>
  side === 'raw'
    ? kind === 'api'
      ? '/raw/clip.json'
      : '/raw/page.html'
    : kind === 'api'
      ? `/api/clipboard/${clipId}`
      : `/clips/${clipId}`;

async function measureSide(side: Side, kind: Case, clipId: string): Promise<LoadResult> {
  const fail = failureLog(`${kind} ${side}`);
  const agent: Agent = keepAliveAgent(clients);
  const server: ServerChild =
    side === 'raw'
      ? await startServerChild(rawScript, { env: { BENCH_DATA_DIR: rawDir }, nodeFlags: PRODUCTION_V8_FLAGS })
      : await startServerChild(clipsyncScript, { env: clipsyncEnv, nodeFlags: PRODUCTION_V8_FLAGS });
  const url = `http://127.0.0.1:${server.port}${pathOf(side, kind, clipId)}`;
  try {
    const load = (ms: number) =>
      runClosedLoop(clients, ms, async () => {
        const response = await httpRequest(url, { agent, discardBody: true }).catch((error: Error) => error);
        if (response instanceof Error) return fail(`connection: ${response.message}`);
        return (response.status >= 200 && response.status < 300) || fail(`HTTP ${response.status}`);
      });
    await load(WARMUP_MS);
    const result = await load(durationMs);
    const { p50, p99 } = latencySummary(result.latenciesMs);
    console.error(
      `  ${kind} ${side}: ${Math.round(result.requests / result.seconds)} req/s, p50 ${p50} ms, p99 ${p99} ms, ` +
        `${result.errors} errors`,
    );
    return result;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

if (clients !== BUDGET_CLIENTS)
  console.error(`shared-clip: not ${BUDGET_CLIENTS} clients: a smoke run, withinBudget null`);
console.error(`shared-clip: set-up on ${describeDatabase(databaseUrl)}…`);
const clipId = await setUp();
const samples: Array<Record<Case, Partial<Record<Side, LoadResult>>>> = [];
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? SIDES : [...SIDES].reverse();
  console.error(`shared-clip: round ${round} (${order.join(', ')})`);
  const sample: Record<Case, Partial<Record<Side, LoadResult>>> = { api: {}, page: {} };
  for (const kind of cases) for (const side of order) sample[kind][side] = await measureSide(side, kind, clipId);
  samples.push(sample);
}

function figuresOf(kind: Case, side: Side) {
  const runs = samples.flatMap((sample) => sample[kind][side] ?? []);
  const summaries = runs.map((run) => latencySummary(run.latenciesMs));
  return {
    reqPerSecond: Math.round(median(runs.map((run) => run.requests / run.seconds))),
    p50: round2(median(summaries.map((summary) => summary.p50))),
    p99: round2(median(summaries.map((summary) => summary.p99))),
    errors: runs.reduce((total, run) => total + run.errors, 0),
  };
}

const smoke = clients !== BUDGET_CLIENTS;
const results = cases.map((kind) => {
  const raw = figuresOf(kind, 'raw');
  const clipsync = figuresOf(kind, 'clipsync');
  const rateRatio = round2(clipsync.reqPerSecond / raw.reqPerSecond);
  const p99Ratio = round2(clipsync.p99 / raw.p99);
  const verdict = {
    rate: { value: rateRatio, min: RATE_RATIO_MIN, met: rateRatio >= RATE_RATIO_MIN },
    p99: { value: p99Ratio, max: P99_RATIO_MAX, met: p99Ratio <= P99_RATIO_MAX },
    errors: { value: clipsync.errors, met: clipsync.errors === 0 },
  };
  console.error(
    `shared-clip ${kind}: ${clipsync.reqPerSecond} req/s = ${rateRatio}× the raw server's ${raw.reqPerSecond} ` +
      `(budget ≥ ${RATE_RATIO_MIN}×: ${verdict.rate.met ? 'met' : 'missed'}); p99 ${clipsync.p99} ms = ${p99Ratio}× ` +
      `its ${raw.p99} ms (budget ≤ ${P99_RATIO_MAX}×: ${verdict.p99.met ? 'met' : 'missed'}); ${clipsync.errors} errors`,
  );
  return { case: kind, raw, clipsync, verdict };
});
const errors = results.reduce((total, result) => total + result.raw.errors + result.clipsync.errors, 0);
const allMet = results.every((result) => Object.values(result.verdict).every((check) => check.met));
const withinBudget = smoke ? null : allMet;

disarm();
await printResult(
  {
    scenario: 'shared-clip',
    machine: machine(),
    database: describeDatabase(databaseUrl),
    clients,
    durationSeconds: durationMs / 1000,
    rounds,
    contentChars: CONTENT_CHARS,
    results,
    errors,
    budget: { rateRatioMin: RATE_RATIO_MIN, p99RatioMax: P99_RATIO_MAX, clients: BUDGET_CLIENTS },
    smoke,
    withinBudget,
  },
  withinBudget === false || errors > 0,
);
