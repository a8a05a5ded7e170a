/**
 * "rooms": a room with 200 members and 5 000 items.
 * 1. Room detail: `GET /api/rooms/{id}` as a member (the room, its 200 members, content page 1 of 20, the
 *    authors), unfiltered, with a search hitting ~10 % of the items and with `type=file` (~10 %); req/s and
 *    p50/p99 at 10 concurrent keep-alive clients. Budget p99 ≤ 20 ms, stated for PostgreSQL.
 * 2. A new item reaching every member: each of the 200 members has a socket signed in with their own access
 *    token and joined to the room (`room:join`); a member adds text (`POST /api/rooms/{id}/content`: auth,
 *    DB write, `room:changed` to the room's channel) once every 200 ms; latency from the POST's start until
 *    each socket hears `room:changed` for that item. Beside it the same clients and POSTs against a bare
 *    node:http + Socket.IO room broadcast (servers/bare-room-server.ts), alternating slices A B A B; budget
 *    p99 ≤ 1.5× the bare p99 (medians over rounds), 100 % delivered.
 * Each round starts fresh server processes on the same seeded database.
 *
 *   npm run bench -- rooms [--members 200] [--items 5000] [--duration 5] [--rounds 2] [--clients 10]
 *                          [--saves 25] [--database-url postgres://user@127.0.0.1:5432/postgres] [--timeout 300]
 */
import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase, describeDatabase } from './lib/database';
import { BROWSER_ACCEPT_ENCODING, httpRequest, keepAliveAgent, runClosedLoop, type LoadResult } from './lib/http';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild, type ServerChild } from './lib/server-child';
import { closeClients, connectClients } from './lib/socket-clients';
import { latencySummary, median, round2 } from './lib/stats';
import type { SeededRoom, SignedIn } from './servers/clipsync-fixtures';

const DETAIL_P99_MAX_MS = 20;
const FANOUT_RATIO_MAX = 1.5;
/** The budget's size; a smaller run checks the plumbing and is labelled a smoke run. */
const BUDGET_MEMBERS = 200;
const BUDGET_ITEMS = 5_000;
const BUDGET_CLIENTS = 10;
const BUDGET_SAVES = 25;
/** Seeded data: the word in every 10th item, every 10th item (others) a file; spread over 60 days. */
const SEARCH_WORD = 'invoice';
const SEARCH_EVERY_NTH = 10;
const FILE_EVERY_NTH = 10;
const SEED_DAYS = 60;
const SEED_TIMEOUT_MS = 300_000;
const WARMUP_MS = 1_000;
/** Each detail case's time is run in this many slices, interleaved with the other cases'. */
const SLICES = 2;
const SAVE_INTERVAL_MS = 200;
const WARMUP_SAVES = 3;
/** Measured POSTs per turn before the other server takes over. */
const SLICE_SAVES = 5;
const DELIVERY_GRACE_MS = 5_000;
const IN_FLIGHT = 100;
const JOIN_TIMEOUT_MS = 10_000;

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: String(BUDGET_MEMBERS) },
    items: { type: 'string', default: String(BUDGET_ITEMS) },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    clients: { type: 'string', default: String(BUDGET_CLIENTS) },
    saves: { type: 'string', default: String(BUDGET_SAVES) },
    'database-url': { type: 'string' },
    timeout: { type: 'string', default: '300' },
  },
});
const memberCount = positiveInt('rooms', 'members', values.members);
const itemCount = positiveInt('rooms', 'items', values.items);
const durationMs = positiveInt('rooms', 'duration', values.duration) * 1000;
const rounds = positiveInt('rooms', 'rounds', values.rounds);
const clients = positiveInt('rooms', 'clients', values.clients);
const saves = positiveInt('rooms', 'saves', values.saves);
const disarm = guardScenario('rooms', positiveInt('rooms', 'timeout', values.timeout));
if (memberCount < 2) {
  console.error('rooms: --members must be at least 2 (the owner and the member who posts)');
  process.exit(1);
}

/**
 * The server remembers a detail per member and query until the room changes (rooms.service getRoom), so
 * one member asking again is mostly served from memory. `page1EveryMember` asks as each of the 200
 * members in turn, more than the cache keeps per room: every answer is built for its caller (abilities,
 * signed file links, its bytes and their compression) from the queries' parts that all members share,
 * as when every member's view refetches after a change.
 */
const CASES = {
  page1: 'limit=20',
  search: `limit=20&search=${SEARCH_WORD}`,
  file: 'limit=20&type=file',
  page1EveryMember: 'limit=20',
} as const;
type Case = keyof typeof CASES;
const CASE_NAMES = Object.keys(CASES) as Case[];

// PGlite in DATA_DIR (so the seed survives into each round's fresh process), or a throw-away database on
// the given PostgreSQL server, dropped at the end.
const dataDir = temporaryDirectory();
const databaseUrl = values['database-url'] ? await createThrowawayDatabase(values['database-url']) : 'data-dir';
const database = describeDatabase(databaseUrl);
const isPostgres = databaseUrl !== 'data-dir';
const servers = {
  clipsync: fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url)),
  bare: fileURLToPath(new URL('./servers/bare-room-server.ts', import.meta.url)),
};
type Side = keyof typeof servers;
const SIDES: Side[] = ['clipsync', 'bare'];
// Every request and socket comes from 127.0.0.1: the global per-IP limit (600/min) and the per-address socket
// cap (200) are raised above the load; both are still counted on every request, as in production.
const serverEnv = {
  BENCH_DATA_DIR: dataDir,
  BENCH_DATABASE_URL: databaseUrl,
  BENCH_RATE_LIMIT_PER_MINUTE: '10000000',
  SOCKET_CONNECTIONS_PER_IP: '100000',
};
const startServer = (side: Side) => startServerChild(servers[side], { env: serverEnv, nodeFlags: PRODUCTION_V8_FLAGS });

async function seed(): Promise<SeededRoom> {
  const server = await startServer('clipsync');
  try {
    const owner = await server.call<SignedIn>('signIn');
    console.error(`rooms: seeding ${memberCount} members and ${itemCount} items on ${database}…`);
    return await server.call<SeededRoom>(
      'seedRoom',
      {
        ownerId: owner.userId,
        ownerToken: owner.accessToken,
        members: memberCount,
        items: itemCount,
        word: SEARCH_WORD,
        everyNth: SEARCH_EVERY_NTH,
        fileEveryNth: FILE_EVERY_NTH,
        days: SEED_DAYS,
      },
      SEED_TIMEOUT_MS,
    );
  } finally {
    await server.stop();
  }
}

/** Part 1 on one fresh server: each case warmed with one client, then `clients` in interleaved slices. */
async function measureDetail(server: ServerChild, room: SeededRoom) {
  const agent = keepAliveAgent(clients);
  // A member who is not the owner: what most of the 200 see.
  // As a browser opens the room: compressed when the server offers it.
  const bearer = (index: number) => ({
    authorization: `Bearer ${room.members[index]!.accessToken}`,
    ...BROWSER_ACCEPT_ENCODING,
  });
  let turn = 0;
  const headersFor = (name: Case) => (name === 'page1EveryMember' ? bearer(turn++ % room.members.length) : bearer(1));
  const totals: Partial<Record<Case, number>> = {};
  const load = (name: Case, ms: number, loopCount = clients) => {
    const url = `http://127.0.0.1:${server.port}/api/rooms/${room.roomId}?${CASES[name]}`;
    return runClosedLoop(loopCount, ms, async () => {
      const response = await httpRequest(url, { headers: headersFor(name), agent, discardBody: true });
      totals[name] = Number(response.headers['x-total-count']);
      return response.status === 200;
    });
  };
  const cpuMicros: Partial<Record<Case, number>> = {};
  const measuredLoad = async (name: Case, ms: number) => {
    const before = await server.call<number>('cpu:read');
    const result = await load(name, ms);
    cpuMicros[name] = (cpuMicros[name] ?? 0) + (await server.call<number>('cpu:read')) - before;
    return result;
  };
  try {
    for (const name of CASE_NAMES) await load(name, WARMUP_MS, 1);
    const parts: Partial<Record<Case, LoadResult>> = {};
    for (let slice = 0; slice < SLICES; slice++) {
      for (const name of CASE_NAMES) {
        const part = await measuredLoad(name, durationMs / SLICES);
        const sofar = parts[name] ?? { requests: 0, errors: 0, latenciesMs: [], seconds: 0 };
        parts[name] = {
          requests: sofar.requests + part.requests,
          errors: sofar.errors + part.errors,
          latenciesMs: sofar.latenciesMs.concat(part.latenciesMs),
          seconds: sofar.seconds + part.seconds,
        };
      }
    }
    const results = parts as Record<Case, LoadResult>;
    const cpuMsPerAnswer = {} as Record<Case, number>;
    for (const name of CASE_NAMES) {
      const { p50, p99 } = latencySummary(results[name].latenciesMs);
      const rps = Math.round(results[name].requests / results[name].seconds);
      cpuMsPerAnswer[name] = round2((cpuMicros[name] ?? 0) / 1000 / Math.max(1, results[name].requests));
      console.error(
        `  detail ${name}: ${rps} req/s, p50 ${p50} ms, p99 ${p99} ms, server CPU ${cpuMsPerAnswer[name]} ms an answer, ${results[name].errors} errors`,
      );
    }
    return { results, totals, cpuMsPerAnswer };
  } finally {
    agent.destroy();
  }
}

interface FanoutSample {
  latenciesMs: number[];
  /** Each measured POST's own time, sent to answered: the write path without the fan-out. */
  postMs: number[];
  delivered: number;
  expected: number;
  /** POSTs not answered 201, sockets that failed to connect or join. */
  errors: number;
}

interface Target {
  base: string;
  roomId: string;
  headers: Record<string, string>;
  sockets: Awaited<ReturnType<typeof connectClients>>['sockets'];
  sample: FanoutSample;
  /** performance.now() of each `room:changed` arrival, by content id (one entry per socket that heard it). */
  arrivals: Map<string, number[]>;
  posted: number;
}

/** One socket per member (their own token) on one server, joined to the room, recording each arrival. */
async function openTarget(side: Side, server: ServerChild, room: SeededRoom): Promise<Target> {
  const base = `http://127.0.0.1:${server.port}`;
  // The bare server knows no rooms: any id, the same shape as ClipSync's.
  const roomId = side === 'clipsync' ? room.roomId : randomBytes(16).toString('base64url');
  const tokens = room.members.map((member) => member.accessToken);
  const connected = await connectClients(base, tokens.length, IN_FLIGHT, tokens);
  const joins = await Promise.allSettled(
    connected.sockets.map((socket) => socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('room:join', { roomId })),
  );
  const joinErrors = joins.filter((join) => join.status !== 'fulfilled' || join.value?.ok !== true).length;
  const sample: FanoutSample = {
    latenciesMs: [],
    postMs: [],
    delivered: 0,
    expected: tokens.length * saves,
    errors: 0,
  };
  sample.errors = connected.errors + joinErrors;
  const arrivals = new Map<string, number[]>();
  for (const socket of connected.sockets) {
    socket.on('room:changed', (payload: { roomId: string; type: string; contentId?: string }) => {
      const arrivedAt = performance.now();
      if (payload.roomId !== roomId || payload.type !== 'content_add' || !payload.contentId) return;
      const list = arrivals.get(payload.contentId);
      if (list) list.push(arrivedAt);
      else arrivals.set(payload.contentId, [arrivedAt]);
    });
  }
  const headers = { authorization: `Bearer ${room.members[1]!.accessToken}`, 'content-type': 'application/json' };
  return { base, roomId, headers, sockets: connected.sockets, sample, arrivals, posted: 0 };
}

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, time - performance.now()));

/**
 * `count` POSTs, open loop (one starts every 200 ms whether or not the last finished), then waits until every
 * socket has heard each (or the grace time passed) and records the latencies of the measured ones.
 * The item's id is known only from the POST's answer, which may come after the broadcast: arrivals are
 * kept by id and matched to their POST's start once it answered.
 */
async function runSaves(target: Target, count: number, agent: Agent, measured: boolean) {
  const posts: Array<Promise<{ startedAt: number; answeredAt: number; contentId?: string }>> = [];
  const firstAt = performance.now();
  for (let index = 0; index < count; index++) {
    await sleepUntil(firstAt + index * SAVE_INTERVAL_MS);
    const body = JSON.stringify({ content: `bench item ${target.posted++} ${'x'.repeat(64)}` });
    const startedAt = performance.now();
    const url = `${target.base}/api/rooms/${target.roomId}/content`;
    posts.push(
      httpRequest(url, { method: 'POST', headers: target.headers, body, agent }).then(
        (response) => {
          const answeredAt = performance.now();
          if (response.status !== 201) return { startedAt, answeredAt };
          const { id } = JSON.parse(response.body.toString()) as { id: string };
          return { startedAt, answeredAt, contentId: id };
        },
        () => ({ startedAt, answeredAt: performance.now() }),
      ),
    );
  }
  const done = await Promise.all(posts);
  const listeners = target.sockets.length;
  const deadline = performance.now() + DELIVERY_GRACE_MS;
  const heard = () =>
    done.every((post) => !post.contentId || (target.arrivals.get(post.contentId)?.length ?? 0) >= listeners);
  while (!heard() && performance.now() < deadline) await sleepUntil(performance.now() + 20);
  if (!measured) return;
  for (const post of done) {
    if (!post.contentId) {
      target.sample.errors++;
      continue;
    }
    target.sample.postMs.push(post.answeredAt - post.startedAt);
    const arrivals = target.arrivals.get(post.contentId) ?? [];
    for (const arrivedAt of arrivals.slice(0, listeners)) target.sample.latenciesMs.push(arrivedAt - post.startedAt);
    target.sample.delivered += Math.min(arrivals.length, listeners);
  }
}

/** Part 2: both servers get the member sockets, warm-up POSTs, then measured POSTs in alternating slices. */
async function measureFanout(children: Record<Side, ServerChild>, room: SeededRoom) {
  const agent = keepAliveAgent(8);
  const targets = {} as Record<Side, Target>;
  try {
    for (const side of SIDES) targets[side] = await openTarget(side, children[side], room);
    for (const side of SIDES) await runSaves(targets[side], WARMUP_SAVES, agent, false);
    for (let done = 0; done < saves; done += SLICE_SAVES) {
      for (const side of SIDES) await runSaves(targets[side], Math.min(SLICE_SAVES, saves - done), agent, true);
    }
    const result = {} as Record<Side, FanoutSample>;
    for (const side of SIDES) {
      const { sample } = targets[side];
      const { p50, p99 } = latencySummary(sample.latenciesMs);
      const share = round2((100 * sample.delivered) / sample.expected);
      const post = latencySummary(sample.postMs);
      console.error(
        `  fanout ${side}: p50 ${p50} ms, p99 ${p99} ms, ${share} % delivered, ${sample.errors} errors` +
          ` (POST alone p50 ${post.p50} ms, p99 ${post.p99} ms)`,
      );
      result[side] = sample;
    }
    return result;
  } finally {
    for (const side of SIDES) if (targets[side]) closeClients(targets[side].sockets);
    agent.destroy();
  }
}

/** One round: fresh processes for both servers; the detail load first (ClipSync only), then the fan-out. */
async function measureRound(room: SeededRoom) {
  const children: Partial<Record<Side, ServerChild>> = {};
  try {
    for (const side of SIDES) children[side] = await startServer(side);
    const detail = await measureDetail(children.clipsync!, room);
    const fanout = await measureFanout(children as Record<Side, ServerChild>, room);
    return { detail, fanout };
  } finally {
    await Promise.all(Object.values(children).map((child) => child.stop()));
  }
}

function summarizeFanout(samples: FanoutSample[]) {
  const perRound = samples.map((sample) => latencySummary(sample.latenciesMs));
  const postRound = samples.map((sample) => latencySummary(sample.postMs));
  const delivered = samples.reduce((total, sample) => total + sample.delivered, 0);
  const expected = samples.reduce((total, sample) => total + sample.expected, 0);
  return {
    p50: round2(median(perRound.map((summary) => summary.p50))),
    p99: round2(median(perRound.map((summary) => summary.p99))),
    deliveredPercent: round2((100 * delivered) / expected),
    errors: samples.reduce((total, sample) => total + sample.errors, 0),
    /** The POST alone (median over rounds of each round's p50/p99): how much of the latency is the write. */
    post: {
      p50: round2(median(postRound.map((summary) => summary.p50))),
      p99: round2(median(postRound.map((summary) => summary.p99))),
    },
    samples: perRound,
  };
}

const fullSize = memberCount >= BUDGET_MEMBERS && itemCount >= BUDGET_ITEMS;
const detailJudged = fullSize && clients === BUDGET_CLIENTS && isPostgres;
const fanoutJudged = memberCount >= BUDGET_MEMBERS && saves >= BUDGET_SAVES;
const smoke = !fullSize || clients !== BUDGET_CLIENTS || saves < BUDGET_SAVES;
if (smoke) {
  console.error(
    `rooms: not ${BUDGET_MEMBERS} members, ${BUDGET_ITEMS} items, ${BUDGET_CLIENTS} clients and ${BUDGET_SAVES} saves: a smoke run`,
  );
}
if (!isPostgres)
  console.error('rooms: the detail budget is stated for PostgreSQL: on PGlite it is reported, not judged');

const seeded = await seed();
console.error(`rooms: seeded in ${round2(seeded.totalSeconds)} s`);
const samples: Array<Awaited<ReturnType<typeof measureRound>>> = [];
for (let round = 1; round <= rounds; round++) {
  console.error(`rooms: round ${round}`);
  samples.push(await measureRound(seeded));
}

const detailCases = Object.fromEntries(
  CASE_NAMES.map((name) => {
    const runs = samples.map((sample) => sample.detail.results[name]);
    const summaries = runs.map((run) => latencySummary(run.latenciesMs));
    return [
      name,
      {
        query: CASES[name],
        total: samples[0]?.detail.totals[name],
        reqPerSecond: Math.round(median(runs.map((run) => run.requests / run.seconds))),
        p50: round2(median(summaries.map((summary) => summary.p50))),
        p99: round2(median(summaries.map((summary) => summary.p99))),
        /** The server process's CPU time per answer: steadier than latency on a shared machine. */
        serverCpuMsPerAnswer: round2(median(samples.map((sample) => sample.detail.cpuMsPerAnswer[name]))),
        errors: runs.reduce((total, run) => total + run.errors, 0),
        samples: runs.map((run, index) => ({
          reqPerSecond: Math.round(run.requests / run.seconds),
          ...summaries[index],
        })),
      },
    ];
  }),
);
const detailFigures = Object.values(detailCases);
const detailErrors = detailFigures.reduce((total, figures) => total + figures.errors, 0);
const worstP99 = Math.max(...detailFigures.map((figures) => figures.p99));
const detailWithinBudget = detailJudged ? detailErrors === 0 && worstP99 <= DETAIL_P99_MAX_MS : null;

const clipsync = summarizeFanout(samples.map((sample) => sample.fanout.clipsync));
const bare = summarizeFanout(samples.map((sample) => sample.fanout.bare));
const ratio = round2(clipsync.p99 / bare.p99);
// A floor that lost messages or errored is not a floor: the run is then over budget, not judged kindly.
const floorSound = bare.deliveredPercent === 100 && bare.errors === 0;
const fanoutErrors = clipsync.errors + bare.errors;
const fanoutWithinBudget = fanoutJudged
  ? ratio <= FANOUT_RATIO_MAX && clipsync.deliveredPercent === 100 && floorSound && fanoutErrors === 0
  : null;

const verdicts = [detailWithinBudget, fanoutWithinBudget];
const withinBudget = verdicts.includes(false) ? false : verdicts.includes(true) ? true : null;
const failed =
  withinBudget === false || detailErrors > 0 || fanoutErrors > 0 || clipsync.deliveredPercent !== 100 || !floorSound;

disarm();
await printResult(
  {
    scenario: 'rooms',
    machine: machine(),
    database,
    smoke,
    members: memberCount,
    items: itemCount,
    rounds,
    seed: { seconds: round2(seeded.totalSeconds), insertSeconds: round2(seeded.insertSeconds) },
    detail: {
      request: `GET /api/rooms/{id}?<query> as a member (not the owner)`,
      database,
      clients,
      durationSeconds: durationMs / 1000,
      cases: detailCases,
      worstP99,
      errors: detailErrors,
      budget: { p99MaxMs: DETAIL_P99_MAX_MS, database: 'postgresql', members: BUDGET_MEMBERS, items: BUDGET_ITEMS },
      ratioToBudget: round2(worstP99 / DETAIL_P99_MAX_MS),
      withinBudget: detailWithinBudget,
      ...(isPostgres ? {} : { note: 'budget stated for PostgreSQL; PGlite figures reported, not judged' }),
    },
    fanout: {
      request: 'POST /api/rooms/{id}/content → room:changed on every member socket',
      database,
      sockets: seeded.members.length,
      saves,
      warmupSaves: WARMUP_SAVES,
      saveIntervalMs: SAVE_INTERVAL_MS,
      clipsync,
      bare,
      ratio,
      budget: { ratioMax: FANOUT_RATIO_MAX, deliveredPercent: 100, members: BUDGET_MEMBERS, saves: BUDGET_SAVES },
      withinBudget: fanoutWithinBudget,
    },
    withinBudget,
  },
  failed,
);
