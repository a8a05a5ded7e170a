/**
 * What an area is (`modules/<area>/`, listed in app.ts's MODULES): `<area>.module.ts`, its one registration;
 * `<area>.context.ts`, its context built from the `AppContext` by `create<Area>Context`, with the rows its
 * files share; `*.routes.ts` (HTTP only) and `*.socket.ts` (socket events only), which call `*.service.ts`
 * (the rules) after `*.policy.ts` (who may); `*.presenter.ts`, rows into answers and event payloads; and
 * `*.test.ts`, through the test app.
 */
import { API_BASE } from '@clipsync/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';
import type { AttemptLimiterFactory } from '../lib/attempt-limiter';
import type { Database, DatabaseHandle } from '../db/client';
import type { WriteQueue } from '../db/write-queue';
import type { DomainEvents } from '../lib/domain-events';
import type { EntitlementGate } from '../lib/entitlements';
import type { JobOutcome, JobRuns } from '../lib/job-runs';
import type { MailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import type { Realtime, SocketGuards } from '../realtime/socket-server';
import type { RealtimeSocket } from '../realtime/types';
import type { FileStore } from '../storage/file-store';
import type { SessionCache } from './auth/session-cache';
import type { SessionChecks } from './auth/session-checks';

/** What every area may use, built once by buildApp; tests and the bench reach the very same object. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  /** Writes that may wait for the database together and commit together (db/write-queue.ts). */
  writes: WriteQueue;
  events: DomainEvents;
  files: FileStore;
  /** Outgoing mail, off the request path. */
  mail: MailQueue;
  /** The transport behind `mail`; the dev outbox lists what it kept. */
  mailer: Mailer;
  realtime: Realtime;
  /** Shared counters across nodes (REDIS_URL), else undefined: the limiters, the LAN registry. */
  counterRedis: Redis | undefined;
  /** Every area's limits of attempts (a wrong password, a code guessed), counted in `counterRedis` when set. */
  attemptLimiter: AttemptLimiterFactory;
  /**
   * JWT_SECRET (or the one generated and kept in DATA_DIR): signs access tokens, and keys the signed file
   * links and the network fingerprints (each through its own derived key).
   */
  serverSecret: string;
  /** What each user's plan allows (billing/entitlements.service.ts); allows everything without Stripe keys. */
  entitlements: EntitlementGate;
  /** Which sessions are live: read through, and told of every revocation (auth/session-cache.ts). */
  sessions: SessionCache;
  /** What a refresh asks besides the session's row: areas register their checks at start (sso's re-check). */
  sessionChecks: SessionChecks;
  /** Told the outcome of every job tick (the metrics page counts them). */
  jobRuns: JobRuns;
  log: FastifyBaseLogger;
}

/**
 * A timer of the area's (a sweep, an expiry): run every `everyMs`, a failure logged, stopped on close.
 * Nodes sharing a PostgreSQL database take turns: each tick runs on one node only (db/cluster-lock.ts).
 */
export interface ModuleJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** An area as the app sees it: its HTTP routes (under /api, and any page routes), its socket events and its timers. */
export interface AppModule {
  routes?: FastifyPluginAsync;
  /** Routes the browser reaches outside /api (the share sheet's `POST /share-target`). */
  pageRoutes?: FastifyPluginAsync;
  socket?(socket: RealtimeSocket, guards: SocketGuards): void;
  jobs?: ModuleJob[];
}

export type ModuleDefinition = (ctx: AppContext) => AppModule;

/** Each `modules/<area>/<area>.module.ts` exports one of these; app.ts lists them. */
export function defineModule(define: ModuleDefinition): ModuleDefinition {
  return define;
}

async function runJob(ctx: AppContext, job: ModuleJob): Promise<JobOutcome> {
  try {
    const run = await ctx.database.runAlone(`job:${job.name}`, () => job.run());
    return run.isRun ? 'ok' : 'skipped';
  } catch (error) {
    ctx.log.warn({ err: error, job: job.name }, 'job failed');
    return 'failed';
  }
}

function startJob(app: FastifyInstance, ctx: AppContext, job: ModuleJob): void {
  let isRunning = false;
  const tick = async () => {
    // A run that outlasts the interval is not joined by a second one on this node either.
    if (isRunning) return ctx.jobRuns.report({ job: job.name, outcome: 'skipped', durationSeconds: 0 });
    isRunning = true;
    const startedAt = performance.now();
    const outcome = await runJob(ctx, job);
    isRunning = false;
    ctx.jobRuns.report({ job: job.name, outcome, durationSeconds: (performance.now() - startedAt) / 1000 });
  };
  ctx.jobRuns.schedule(job.name, job.everyMs);
  const timer = setInterval(() => void tick(), job.everyMs).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Wires every module the same way: routes under /api, socket handlers on each connection, jobs on timers. */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ModuleDefinition[],
): Promise<void> {
  for (const define of modules) {
    const module = define(ctx);
    if (module.routes) await app.register(module.routes, { prefix: API_BASE });
    if (module.pageRoutes) await app.register(module.pageRoutes);
    if (module.socket) ctx.realtime.onConnection(module.socket);
    for (const job of module.jobs ?? []) startJob(app, ctx, job);
  }
}
