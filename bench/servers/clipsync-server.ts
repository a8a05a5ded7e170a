/**
 * The real ClipSync server (every plugin, realtime and its handshake), by default on PGlite in memory.
 * BENCH_DATABASE_URL: `memory://` (default), `data-dir` (PGlite in BENCH_DATA_DIR, survives a restart) or a
 * PostgreSQL URL. BENCH_RATE_LIMIT_PER_MINUTE raises the global per-IP limit for load from one address.
 * BENCH_LOG_LEVEL: the server's LOG_LEVEL, `warn` unless set (paste sets `info`, as deployed, to cost the
 * per-request lines; the scenario then points this child's stdout at a file). BENCH_PORT: the port to listen on.
 * The server variables in FORWARDED (SMTP_URL, the per-address limits, TRUST_PROXY, WEB_DIST_DIR) are read from this process's env,
 * where a scenario sets them (the shell's are inherited too); every other setting is the fixed config below.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { MEMORY_DATABASE } from '../../apps/server/src/db/embedded-start';
import { serveParent } from './child-protocol';
import { clipsyncFixtures } from './clipsync-fixtures';

/**
 * Server variables a scenario may set in the child's env: all traffic comes from one loopback address, unless
 * TRUST_PROXY=127.0.0.1 lets each client name its own in X-Forwarded-For (the desktop scenario's networks).
 */
const FORWARDED = [
  'SMTP_URL',
  'RATE_LIMIT_PER_MINUTE',
  'AUTH_RATE_LIMIT_PER_IP',
  'SOCKET_CONNECTIONS_PER_IP',
  'TRUST_PROXY',
  'DEVICE_SENDS_PER_MINUTE',
  'WEB_DIST_DIR',
];
const forwarded = Object.fromEntries(
  FORWARDED.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
);

// The scenario owns the directory and removes it even when it has to SIGKILL us.
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR must name a temporary directory');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? MEMORY_DATABASE;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  // The line per request is what `info` costs: LOG_REQUESTS, as an operator who keeps an access log runs it.
  LOG_REQUESTS: process.env.BENCH_LOG_LEVEL === 'info' ? 'true' : 'false',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
  PUBLIC_URL: 'http://localhost:3000',
  ...forwarded,
  ...(process.env.BENCH_RATE_LIMIT_PER_MINUTE
    ? { RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE }
    : {}),
});
const { app, context } = await buildApp({
  ...config,
  databaseUrl: databaseUrl === 'data-dir' ? undefined : databaseUrl,
});
// BENCH_PORT: a port chosen by the scenario, so it can poll /api/health before this child says it is ready
// (embedded-database's start time); otherwise any free port, announced in the ready message.
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
await serveParent((app.server.address() as AddressInfo).port, () => app.close(), clipsyncFixtures(app, context));
