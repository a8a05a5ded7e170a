/**
 * The app's shared services as every area receives them. It sits between the infrastructure folders (config, db,
 * lib, mail, realtime, storage) and modules/, so the area kit and the areas can name it without the kit
 * depending on any area.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { Database, DatabaseHandle } from './db/client';
import type { WriteQueue } from './db/write-queue';
import type { AttemptLimiterFactory } from './lib/attempt-limiter';
import type { DomainEvents } from './lib/domain-events';
import type { EntitlementGate } from './lib/entitlements';
import type { JobRuns } from './lib/job-runs';
import type { SessionCache } from './lib/session-cache';
import type { SessionChecks } from './lib/session-checks';
import type { MailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/socket-server';
import type { FileStore } from './storage/file-store';

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
  /** Which sessions are live: read through, and told of every revocation (lib/session-cache.ts). */
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
