import { createHash, timingSafeEqual } from 'node:crypto';
import { API_BASE, ErrorBody, OPS_ENDPOINTS } from '@clipsync/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as promClient from 'prom-client';
import type { Registry } from 'prom-client';
import type { DatabaseHandle, PoolUsage } from '../db/client';
import { AppError } from '../lib/app-error';
import type { JobRuns } from '../lib/job-runs';
import type { MailQueue } from '../mail/mail-queue';
import type { Realtime } from '../realtime/socket-server';

export const METRICS_PATH = `${API_BASE}${OPS_ENDPOINTS.metrics.path}`;

/** What the page reports on, besides requests: read when Prometheus scrapes, never on the request path. */
export interface MetricsSources {
  database: DatabaseHandle;
  mail: MailQueue;
  realtime: Realtime;
  jobRuns: JobRuns;
}

type PromClient = typeof promClient;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Digests have one length whatever was sent, so the comparison's time tells nothing about the token. */
function createTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = sha256(token);
  return (authorization) => {
    const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    return timingSafeEqual(sha256(given), expected);
  };
}

/**
 * Each answered request's time by route pattern (`/api/clipboard/:id`, never the URL: ids would make a
 * series per clip); requests no route matched share `unmatched`. The scrape itself is left out, so its
 * steady beat does not dilute the users' latencies.
 */
function measureRequests(app: FastifyInstance, prom: PromClient, registry: Registry): void {
  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) {
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
}

function measureSources(prom: PromClient, registry: Registry, sources: MetricsSources): void {
  const registers = [registry];
  new prom.Gauge({
    name: 'socketio_connected_sockets',
    help: 'Socket.IO connections open on this node',
    registers,
    collect() {
      this.set(sources.realtime.io.engine.clientsCount);
    },
  });
  new prom.Gauge({
    name: 'mail_queue_depth',
    help: 'Mails not yet sent: held by a cooldown, waiting to retry, or being sent',
    registers,
    collect() {
      this.set(sources.mail.pending());
    },
  });
  const runs = new prom.Counter({
    name: 'job_runs_total',
    help: 'Ticks of the background jobs, by outcome (skipped: another node was running it)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const runTime = new prom.Histogram({
    name: 'job_run_duration_seconds',
    help: 'Time a background job ran on this node',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers,
  });
  sources.jobRuns.on(({ job, outcome, durationSeconds }) => {
    runs.inc({ job, outcome });
    if (outcome !== 'skipped') runTime.observe({ job }, durationSeconds);
  });
}

/** PostgreSQL's pool only: PGlite has one connection (in its worker thread) and no pool, so these series are absent there. */
function measurePool(prom: PromClient, registry: Registry, database: DatabaseHandle): void {
  if (!database.poolUsage()) return;
  const gauge = (name: string, help: string, read: (usage: PoolUsage) => number) =>
    new prom.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const usage = database.poolUsage();
        if (usage) this.set(read(usage));
      },
    });
  gauge('database_pool_connections', 'PostgreSQL connections open in the pool, busy or idle', (usage) => usage.total);
  gauge('database_pool_idle_connections', 'PostgreSQL connections open and idle', (usage) => usage.idle);
  gauge('database_pool_waiting_queries', 'Queries waiting for a free PostgreSQL connection', (usage) => usage.waiting);
}

/**
 * `GET /api/metrics` in Prometheus' text format, for a bearer token (METRICS_TOKEN). Called only when the
 * token is set: prom-client is imported here, at run time, so a server without metrics neither loads it
 * nor pays a hook per request (the embedded mode's memory budget). The registry is the app's own, not
 * prom-client's global one, so two apps in one process (tests) keep separate figures.
 */
export async function registerMetrics(app: FastifyInstance, token: string, sources: MetricsSources): Promise<void> {
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  measureRequests(app, prom, registry);
  measureSources(prom, registry, sources);
  measurePool(prom, registry, sources.database);

  const isAuthorized = createTokenCheck(token);
  app.get(
    METRICS_PATH,
    {
      schema: {
        tags: ['metrics'],
        summary: 'Prometheus metrics of this node (METRICS_TOKEN as bearer)',
        security: [{ bearer: [] }],
        response: { 401: ErrorBody },
      },
      onRequest: async (request) => {
        if (!isAuthorized(request.headers.authorization)) throw new AppError('UNAUTHORIZED');
      },
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
}
