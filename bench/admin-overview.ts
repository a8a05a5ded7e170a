/**
 * The admin console's Overview (`GET /api/admin/overview`) on an instance of `--users` accounts, each with a
 * device (half of them seen in the last 7 days), clip counters and text usage, on the embedded default (PGlite in a
 * temporary DATA_DIR): the real app in this process, the calls through its HTTP stack (inject, no socket).
 * The instance is seeded, then the server restarted on it twice, as an operator's would be: once asked for an
 * overview the moment it listens (it shares the count the start began), once a second after it listens (an
 * admin opening the page) and then `--calls` more times. Budget: that first answer and the calls' p99 ≤ 100 ms
 * at 100 000 users.
 *
 *   npm run bench -- admin-overview [--users 100000] [--calls 30] [--timeout 600]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { sessions, users } from '../apps/server/src/db/schema';
import { signAccessToken } from '../apps/server/src/lib/access-token';
import { newId } from '../apps/server/src/lib/secure-tokens';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { latencySummary, median, round2 } from './lib/stats';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '30' },
    timeout: { type: 'string', default: '600' },
  },
});
const SCENARIO = 'admin-overview';
const userCount = positiveInt(SCENARIO, 'users', values.users);
// The route allows 60 calls a minute: the warm-up and the calls measured stay under it.
const calls = Math.min(positiveInt(SCENARIO, 'calls', values.calls), 58);
const disarm = guardScenario(SCENARIO, positiveInt(SCENARIO, 'timeout', values.timeout));
const BUDGET_MS = 100;

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: temporaryDirectory(),
  JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
  PUBLIC_URL: 'http://localhost:3000',
});
const seeding = await buildApp(config);
await seeding.app.ready();
const { db } = seeding.context;

// Every account, its session and device, its counters, in a few statements (no hashing: never signed in to).
const seedStartedAt = performance.now();
await db.execute(sql`
  insert into users (id, email, name, password_hash, email_confirmed_at, last_seen_at)
  select 'u' || n, 'user' || n || '@bench.example', 'Bench ' || n, 'not-a-hash', now(),
    now() - (n % 14) * interval '1 day'
  from generate_series(1, ${userCount}) as n`);
await db.execute(sql`
  insert into sessions (id, user_id, expires_at)
  select 's' || n, 'u' || n, now() + interval '30 days' from generate_series(1, ${userCount}) as n`);
await db.execute(sql`
  insert into devices (id, user_id, session_id, name, kind, last_seen_at)
  select 'd' || n, 'u' || n, 's' || n, 'Laptop', 'browser', now() - (n % 14) * interval '1 day'
  from generate_series(1, ${userCount}) as n`);
await db.execute(sql`
  insert into clip_counts (user_id, total) select 'u' || n, n % 50 from generate_series(1, ${userCount}) as n`);
await db.execute(sql`
  insert into text_usage (user_id, bytes) select 'u' || n, (n % 50) * 200 from generate_series(1, ${userCount}) as n`);
const adminId = newId();
const sessionId = newId();
await db.insert(users).values({
  id: adminId,
  email: 'admin@bench.example',
  name: 'Admin',
  passwordHash: 'not-a-hash',
  role: 'admin',
});
await db.insert(sessions).values({ id: sessionId, userId: adminId, expiresAt: new Date(Date.now() + 86_400_000) });
// What autovacuum would have done by now on PostgreSQL (PGlite runs none).
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - seedStartedAt) / 1000;
await seeding.app.close();

/** The server started again on the seeded DATA_DIR and listening, as `npm start` leaves it. */
async function restarted() {
  const { app, context } = await buildApp(config);
  onCleanup(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signAccessToken(context.serverSecret, { userId: adminId, sessionId });
  const overview = async () => {
    const startedAt = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { authorization: `Bearer ${token}` },
    });
    return { ms: performance.now() - startedAt, res };
  };
  return { app, overview };
}

let errors = 0;
const atListen = await restarted();
const asked = await atListen.overview();
if (asked.res.statusCode !== 200) errors++;
const atListenMs = round2(asked.ms);
await atListen.app.close();

const OPENED_AFTER_MS = 1_000;
const opened = await restarted();
await new Promise((resolve) => setTimeout(resolve, OPENED_AFTER_MS));
const first = await opened.overview();
if (first.res.statusCode !== 200) errors++;
const firstCallMs = round2(first.ms);
const latencies: number[] = [];
let answer: unknown;
for (let call = 0; call < calls; call++) {
  const { ms, res } = await opened.overview();
  if (res.statusCode !== 200) errors++;
  latencies.push(ms);
  answer = res.json();
}
disarm();
const summary = latencySummary(latencies);
const medianMs = round2(median(latencies));
const p99Ms = round2(summary.p99);
const withinBudget = errors === 0 && firstCallMs <= BUDGET_MS && p99Ms <= BUDGET_MS;
console.error(
  `${SCENARIO}: at listen ${atListenMs} ms; first overview ${OPENED_AFTER_MS} ms after listen ${firstCallMs} ms; ` +
    `then median ${medianMs} / p99 ${p99Ms} ms against ${BUDGET_MS} ms: ${withinBudget ? 'met' : 'missed'}`,
);
await printResult(
  {
    scenario: SCENARIO,
    database: 'pglite (DATA_DIR)',
    users: userCount,
    calls,
    seedSeconds: round2(seedSeconds),
    atListenMs,
    openedAfterMs: OPENED_AFTER_MS,
    firstCallMs,
    medianMs,
    p50Ms: round2(summary.p50),
    p99Ms,
    errors,
    budgetMs: BUDGET_MS,
    withinBudget,
    answer,
    machine: machine(),
  },
  !withinBudget,
);
