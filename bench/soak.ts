/**
 * The soak: a steady mixed load for 10 minutes against one server, judged on what a long-running
 * node must not do: grow (RSS after GC flat within 10 % from the first minute to the last), fail (zero 5xx,
 * every live update delivered) or slow down (each minute's p99 within 2× of the run's median minute).
 * Every `--clients` user does one operation every `--interval` ms (paced, not a closed loop: a soak is about
 * drift, not saturation), in a fixed mix: create a clip and open it by link; save one of its clips, which
 * the clip's viewer sockets hear; upload a 256 KB file and download it; read a page of history.
 *
 *   npm run bench -- soak [--minutes 10] [--clients 8] [--interval 100] [--viewers 40]
 *                         [--database-url postgres://user@127.0.0.1:5432/postgres]
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { multipartFile } from '../apps/server/test/multipart';
import { createThrowawayDatabase, describeDatabase } from './lib/database';
import { httpRequest, keepAliveAgent, type HttpResponse } from './lib/http';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild } from './lib/server-child';
import { closeClients, connectClients } from './lib/socket-clients';
import { latencySummary, median, round2 } from './lib/stats';
import type { SignedIn } from './servers/clipsync-fixtures';

const MEMORY_GROWTH_MAX = 0.1;
const MINUTE_P99_SPREAD_MAX = 2;
const BUDGET_MINUTES = 10;
const MEMORY_SAMPLE_MS = 30_000;
const WARMUP_MINUTES = 1;
const FILE_BYTES = 256 * 1024;
const DELIVERY_GRACE_MS = 3_000;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: String(BUDGET_MINUTES) },
    clients: { type: 'string', default: '8' },
    interval: { type: 'string', default: '100' },
    viewers: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
  },
});
const minutes = positiveInt('soak', 'minutes', values.minutes);
const clients = positiveInt('soak', 'clients', values.clients);
const intervalMs = positiveInt('soak', 'interval', values.interval);
const viewerCount = positiveInt('soak', 'viewers', values.viewers);
const disarm = guardScenario('soak', minutes * 60 + 300);

const dataDir = temporaryDirectory();
const databaseUrl = values['database-url'] ? await createThrowawayDatabase(values['database-url']) : 'data-dir';
const server = await startServerChild(fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url)), {
  env: {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_RATE_LIMIT_PER_MINUTE: '10000000',
    SOCKET_CONNECTIONS_PER_IP: '100000',
    // Each user from an address of its own (X-Forwarded-For), as people are: the per-address upload limit
    // (60 a minute) then applies to each of them, not to the whole load from one loopback address.
    TRUST_PROXY: '127.0.0.1',
  },
  nodeFlags: PRODUCTION_V8_FLAGS,
});
const base = `http://127.0.0.1:${server.port}`;
const agent = keepAliveAgent(clients * 2);
const file = multipartFile('file', 'soak.bin', 'application/octet-stream', randomBytes(FILE_BYTES));

interface Sample {
  at: number;
  ms: number;
  status: number;
}
const samples: Sample[] = [];
const unexpected: string[] = [];
let deliveries = 0;

/** One request, timed and logged; `expected` is the status a healthy server gives. */
async function timed(url: string, expected: number, options: Parameters<typeof httpRequest>[1]): Promise<HttpResponse> {
  const startedAt = performance.now();
  const response = await httpRequest(`${base}${url}`, { ...options, agent });
  samples.push({ at: startedAt, ms: performance.now() - startedAt, status: response.status });
  if (response.status !== expected && unexpected.length < 10) {
    unexpected.push(
      `${options?.method ?? 'GET'} ${url} → ${response.status} ${response.body.toString().slice(0, 120)}`,
    );
  }
  return response;
}

/** A user's session: its clips, one of them watched by viewer sockets, and the mix it cycles through. */
async function runUser(user: SignedIn, index: number, until: number): Promise<number> {
  let saves = 0;
  const watchedClipId = watched[index]!;
  const auth = { authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': `198.18.0.${index + 1}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const ownClips: string[] = [watchedClipId];
  const operations = [
    async () => {
      const created = await timed('/api/clipboard', 201, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ content: `soak ${Date.now()} ${randomBytes(64).toString('hex')}` }),
      });
      if (created.status !== 201) return;
      const { id } = JSON.parse(created.body.toString()) as { id: string };
      // A few recent clips to save later; not all of them (the account keeps growing, the list does not).
      ownClips.push(id);
      if (ownClips.length > 20) ownClips.splice(1, 1);
      await timed(`/api/clipboard/${id}`, 200, { discardBody: true });
    },
    async () => {
      saves++;
      await timed(`/api/clipboard/${watchedClipId}`, 200, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ content: `saved ${Date.now()}` }),
        discardBody: true,
      });
    },
    async () => {
      const clipId = ownClips[ownClips.length - 1] ?? watchedClipId;
      const uploaded = await timed(`/api/clipboard/${clipId}/files`, 201, {
        method: 'POST',
        headers: { ...auth, ...file.headers },
        body: file.payload,
      });
      if (uploaded.status !== 201) return;
      const { url } = JSON.parse(uploaded.body.toString()) as { url: string };
      await timed(new URL(url, base).pathname + new URL(url, base).search, 200, { discardBody: true });
    },
    async () => {
      await timed('/api/clipboard/history?limit=20', 200, { headers: auth, discardBody: true });
    },
  ];
  // The mix, in order: create+open ×8, save ×7, upload+download ×1 (every 2 s at 100 ms: half the
  // per-address upload limit), history ×4.
  const mix = [0, 1, 0, 3, 0, 1, 0, 1, 3, 2, 0, 1, 0, 3, 0, 1, 0, 1, 3, 1];
  for (let step = 0; performance.now() < until; step++) {
    const startedAt = performance.now();
    await operations[mix[step % mix.length]!]!().catch((error: unknown) => {
      if (unexpected.length < 10) unexpected.push(String(error));
      samples.push({ at: startedAt, ms: performance.now() - startedAt, status: 0 });
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (performance.now() - startedAt))));
  }
  return saves;
}

console.error(`soak: ${minutes} min on ${describeDatabase(databaseUrl)}, ${clients} users every ${intervalMs} ms`);
const users: SignedIn[] = [];
for (let index = 0; index < clients; index++) users.push(await server.call<SignedIn>('signIn'));
const watched: string[] = [];
for (const user of users) {
  const created = await httpRequest(`${base}/api/clipboard`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'watched' }),
    agent,
  });
  watched.push((JSON.parse(created.body.toString()) as { id: string }).id);
}
// Viewers spread over the users' watched clips, as people with the link open.
const connected = await connectClients(base, viewerCount, 20);
const viewers: Socket[] = connected.sockets;
await Promise.all(
  viewers.map(
    (viewer, index) =>
      new Promise<void>((resolve) =>
        viewer.emit('clip:join', { clipId: watched[index % watched.length] }, () => resolve()),
      ),
  ),
);
for (const viewer of viewers) viewer.on('clip-content-updated', () => deliveries++);
const viewersPerClip = watched.map((_, clip) => viewers.filter((__, index) => index % watched.length === clip).length);

const memory: Array<{ minute: number; rssMb: number; heapMb: number }> = [];
const startedAt = performance.now();
const until = startedAt + minutes * 60_000;
const sampleMemory = async () => {
  const { rss, heapUsed } = await server.memory();
  memory.push({
    minute: round2((performance.now() - startedAt) / 60_000),
    rssMb: round2(rss / 1e6),
    heapMb: round2(heapUsed / 1e6),
  });
  console.error(`  ${memory.at(-1)!.minute} min: RSS ${memory.at(-1)!.rssMb} MB, heap ${memory.at(-1)!.heapMb} MB`);
};
await sampleMemory();
const memoryTimer = setInterval(() => void sampleMemory(), MEMORY_SAMPLE_MS);
const savesByClip = await Promise.all(users.map((user, index) => runUser(user, index, until)));
clearInterval(memoryTimer);
await new Promise((resolve) => setTimeout(resolve, DELIVERY_GRACE_MS));
await sampleMemory();
closeClients(viewers);
await server.stop();

// Every save of a watched clip reaches each of its viewers.
const saves = savesByClip.reduce((total, count) => total + count, 0);
const expectedDeliveries = savesByClip.reduce((total, count, clip) => total + count * viewersPerClip[clip]!, 0);
const perMinute = Array.from({ length: minutes }, (_, minute) => {
  const inMinute = samples.filter((sample) => Math.floor((sample.at - startedAt) / 60_000) === minute);
  const { p50, p99 } = latencySummary(inMinute.map((sample) => sample.ms));
  return { minute: minute + 1, requests: inMinute.length, p50, p99 };
});
const medianP99 = median(perMinute.map((minute) => minute.p99));
const worstP99 = Math.max(...perMinute.map((minute) => minute.p99));
const serverErrors = samples.filter((sample) => sample.status >= 500 || sample.status === 0).length;
const otherErrors = samples.filter((sample) => sample.status >= 400 && sample.status < 500).length;
// After GC: the first two readings after a minute of warm-up (JIT, caches, pools filling) against the last
// two. A smoke run shorter than that compares its first readings.
const warm = memory.filter((reading) => reading.minute >= WARMUP_MINUTES);
const firstRss = median((warm.length >= 4 ? warm : memory).slice(0, 2).map((reading) => reading.rssMb));
const lastRss = median(memory.slice(-2).map((reading) => reading.rssMb));
const growth = round2((lastRss - firstRss) / firstRss);
const judged = minutes >= BUDGET_MINUTES;
const checks = {
  memoryFlat: Math.abs(growth) <= MEMORY_GROWTH_MAX,
  no5xx: serverErrors === 0,
  no4xx: otherErrors === 0,
  allDelivered: deliveries >= expectedDeliveries,
  p99Stable: worstP99 <= MINUTE_P99_SPREAD_MAX * medianP99,
};
const withinBudget = judged ? Object.values(checks).every(Boolean) : null;
for (const line of unexpected) console.error(`  unexpected: ${line}`);
console.error(
  `soak: ${samples.length} requests, ${serverErrors} 5xx, RSS ${firstRss} → ${lastRss} MB (${Math.round(growth * 100)} %), ` +
    `p99 per minute ${perMinute.map((minute) => minute.p99).join(' / ')} ms, ${deliveries}/${expectedDeliveries} deliveries`,
);

disarm();
await printResult(
  {
    scenario: 'soak',
    machine: machine(),
    database: describeDatabase(databaseUrl),
    smoke: !judged,
    minutes,
    users: clients,
    intervalMs,
    viewers: viewers.length,
    requests: samples.length,
    serverErrors,
    clientErrors: otherErrors,
    saves,
    deliveries,
    expectedDeliveries,
    memory: { firstRssMb: firstRss, lastRssMb: lastRss, growth, readings: memory },
    perMinute,
    medianMinuteP99: medianP99,
    worstMinuteP99: worstP99,
    checks,
    budget: {
      memoryGrowthMax: MEMORY_GROWTH_MAX,
      minuteP99SpreadMax: MINUTE_P99_SPREAD_MAX,
      serverErrors: 0,
      minutes: BUDGET_MINUTES,
    },
    withinBudget,
  },
  withinBudget === false || serverErrors > 0,
);
