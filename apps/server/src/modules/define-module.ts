import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';
import type { Database, DatabaseHandle } from '../db/client';
import type { DomainEvents } from '../lib/domain-events';
import type { EntitlementGate } from '../lib/entitlements';
import type { MailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import type { Realtime, SocketGuards } from '../realtime/socket-server';
import type { RealtimeSocket } from '../realtime/types';
import type { FileStore } from '../storage/file-store';
import type { SessionCache } from './auth/session-cache';

/** What every area may use, built once by buildApp; tests and the bench reach the very same object. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  events: DomainEvents;
  files: FileStore;
  /** Outgoing mail, off the request path. */
  mail: MailQueue;
  /** The transport behind `mail`; the dev outbox lists what it kept. */
  mailer: Mailer;
  realtime: Realtime;
  /** Shared counters for limits across nodes (REDIS_URL), else undefined. */
  counterRedis: Redis | undefined;
  jwtSecret: string;
  /** What each user's plan allows (billing/entitlements.service.ts); allows everything without Stripe keys. */
  entitlements: EntitlementGate;
  /** Which sessions are live: read through, and told of every revocation (auth/session-cache.ts). */
  sessions: SessionCache;
  log: FastifyBaseLogger;
}

/** A timer of the area's (a sweep, an expiry): run every `everyMs`, a failure logged, stopped on close. */
export interface ModuleJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** An area as the app sees it: its HTTP routes (under /api), its socket events and its timers. */
export interface AppModule {
  routes?: FastifyPluginAsync;
  socket?(socket: RealtimeSocket, guards: SocketGuards): void;
  jobs?: ModuleJob[];
}

export type ModuleDefinition = (ctx: AppContext) => AppModule;

/** Each `modules/<area>/<area>.module.ts` exports one of these; app.ts lists them. */
export function defineModule(define: ModuleDefinition): ModuleDefinition {
  return define;
}

function startJob(app: FastifyInstance, job: ModuleJob): void {
  const tick = () => job.run().catch((error: unknown) => app.log.warn({ err: error, job: job.name }, 'job failed'));
  const timer = setInterval(tick, job.everyMs).unref();
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
    if (module.routes) await app.register(module.routes, { prefix: '/api' });
    if (module.socket) ctx.realtime.onConnection(module.socket);
    for (const job of module.jobs ?? []) startJob(app, job);
  }
}
