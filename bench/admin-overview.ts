/**
 * The admin console's Overview (`GET /api/admin/overview`) on an instance of `--users` accounts, each with a
 * device (half seen in the last 7 days), clip counters and text usage, on the embedded default (PGlite in a
 * temporary DATA_DIR): the real app in this process, the calls through its HTTP stack (inject, no socket).
 * Budget: median ≤ 100 ms at 100 000 users.
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
const { app, context } = await buildApp(config);
onCleanup(() => app.close());
await app.ready();
const { db } = context;

// Every account, its session and device, its counters, in a few statements (no hashing: never signed in to).
const seedStartedAt = performance.now();
await db.execute(sql`
  insert into users (id, email, name, password_hash, email_confirmed_at)
  select 'u' || n, 'user' || n || '@bench.example', 'Bench ' || n, 'not-a-hash', now()
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

const token = await signAccessToken(context.serverSecret, { userId: adminId, sessionId });
const latencies: number[] = [];
let errors = 0;
let last: unknown;
for (let call = 0; call < calls + 1; call++) {
  const startedAt = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/overview',
    headers: { authorization: `Bearer ${token}` },
  });
  const elapsed = performance.now() - startedAt;
  if (res.statusCode !== 200) errors++;
  // The first call warms the statement caches; it is reported apart.
  if (call > 0) latencies.push(elapsed);
  else last = { firstCallMs: round2(elapsed) };
  if (call === calls) last = { ...(last as object), answer: res.json() };
}
disarm();
const summary = latencySummary(latencies);
const medianMs = round2(median(latencies));
await printResult(
  {
    scenario: SCENARIO,
    database: 'pglite (DATA_DIR)',
    users: userCount,
    calls,
    seedSeconds: round2(seedSeconds),
    medianMs,
    p50Ms: round2(summary.p50),
    p99Ms: round2(summary.p99),
    errors,
    budgetMs: BUDGET_MS,
    withinBudget: errors === 0 && medianMs <= BUDGET_MS,
    ...(last as object),
    machine: machine(),
  },
  errors > 0 || medianMs > BUDGET_MS,
);
