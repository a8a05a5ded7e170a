/**
 * What an area is (`modules/<area>/`, listed in app.ts's MODULES): `<area>.module.ts`, its one registration;
 * `<area>.context.ts`, its context built from the `AppContext` by `create<Area>Context`, with the rows its
 * files share; `*.routes.ts` (HTTP only) and `*.socket.ts` (socket events only), which call `*.service.ts`
 * (the rules) after `*.policy.ts` (who may); `*.presenter.ts`, rows into answers and event payloads; and
 * `*.test.ts`, through the test app.
 */
import { API_BASE } from '@clipsync/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext, ModuleJob } from '../app-context';
import type { JobOutcome } from '../lib/job-runs';
import type { SocketGuards } from '../realtime/socket-server';
import type { RealtimeSocket } from '../realtime/types';

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
