/**
 * What an area is (`modules/<area>/`, listed in app.ts's MODULES): `<area>.module.ts`, its one registration;
 * `<area>.events.ts`, the domain events it emits (added to `DomainEventMap`, lib/domain-events.ts);
 * `<area>.context.ts`, its context built from the `AppContext` by `create<Area>Context`, with the rows its
 * files share; `*.routes.ts` (HTTP only) and `*.socket.ts` (socket events only), which call `*.service.ts`
 * (the rules) after `*.policy.ts` (who may); `*.presenter.ts`, rows into answers and event payloads; and
 * `*.test.ts`, through the test app.
 */
import { API_BASE } from '@clipsync/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext, ModuleJob } from '../app-context';
import type { DomainEventMap, EventName } from '../lib/domain-events';
import type { JobOutcome } from '../lib/job-runs';
import type { SocketGuards } from '../realtime/socket-server';
import type { RealtimeSocket } from '../realtime/types';

/**
 * Which socket channels hear a domain event, and what they are told: an area's `<area>.broadcasts.ts`. The one
 * place events become socket messages (docs/ARCHITECTURE.md#principles); services never emit to sockets.
 */
export type Broadcasts = { [K in EventName]?: (event: DomainEventMap[K]) => void };

/**
 * An area as the app sees it: its HTTP routes (under /api, and any page routes), its socket events, its
 * broadcasts and its timers.
 */
export interface AppModule {
  routes?: FastifyPluginAsync;
  /** Routes the browser reaches outside /api (the share sheet's `POST /share-target`). */
  pageRoutes?: FastifyPluginAsync;
  socket?(socket: RealtimeSocket, guards: SocketGuards): void;
  broadcasts?: Broadcasts;
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

function startBroadcasts(app: FastifyInstance, ctx: AppContext, broadcasts: Broadcasts): void {
  const stops = Object.entries(broadcasts).map(([name, broadcast]) =>
    ctx.events.on(name as EventName, broadcast as (event: DomainEventMap[EventName]) => void),
  );
  // A closing server tells its sockets nothing more (they are being closed: realtime/socket-server.ts).
  app.addHook('preClose', async () => stops.forEach((stop) => stop()));
}

/**
 * Wires every module the same way: routes under /api, socket handlers on each connection, broadcasts on the
 * domain events, jobs on timers.
 */
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
    if (module.broadcasts) startBroadcasts(app, ctx, module.broadcasts);
    for (const job of module.jobs ?? []) startJob(app, ctx, job);
  }
}
