import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AdminOverview } from '@clipsync/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { clipCounts, clipFiles, desktopItems, roomContent, rooms, textUsage, users } from '../../../db/schema';
import type { JobRuns } from '../../../lib/job-runs';
import { checkReadiness } from '../../health/health.service';
import { serverRoot } from '../../../server-root';
import type { AdminOverviewContext } from './overview.context';

/** The server package's version, read once: the same file beside the source and beside the build. */
const VERSION = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(resolve(serverRoot, 'package.json'), 'utf8'))).version;

const ACTIVE_WINDOW = sql`interval '7 days'`;

/**
 * Every count in one statement, each exact: users and rooms are counted outright; clips and text come from the
 * per-user counters the database keeps by trigger (one row per user, not one per clip); files are summed from
 * their size columns. At 100 000 users it reads a few hundred thousand rows (~250 ms on PGlite,
 * bench/admin-overview.ts), so overviews wait for them only so long (countsKeptFor).
 */
async function countInstance(db: Database) {
  const [counts] = await db
    .select({
      users: sql`(select count(*) from ${users})`.mapWith(Number),
      // The account's own last-seen time, the one the users directory sorts by, read through that sort's index.
      activeUsers: sql`(select count(*) from ${users} where ${users.lastSeenAt} > now() - ${ACTIVE_WINDOW})`.mapWith(
        Number,
      ),
      clips: sql`(select coalesce(sum(${clipCounts.total}), 0) from ${clipCounts})`.mapWith(Number),
      rooms: sql`(select count(*) from ${rooms})`.mapWith(Number),
      textBytes: sql`(select coalesce(sum(${textUsage.bytes}), 0) from ${textUsage})
        + (select coalesce(sum(octet_length(${desktopItems.content})), 0) from ${desktopItems})`.mapWith(Number),
      fileBytes: sql`(select coalesce(sum(${clipFiles.size}), 0) from ${clipFiles})
        + (select coalesce(sum(${roomContent.fileSize}), 0) from ${roomContent})
        + (select coalesce(sum(${desktopItems.fileSize}), 0) from ${desktopItems})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  if (!counts) throw new Error('a select without a table answers one row');
  return { ...counts, countedAt: new Date() };
}

type InstanceCounts = Awaited<ReturnType<typeof countInstance>>;

/** How old the counts may be: they are counted again this often, off any request. */
export const COUNTS_MAX_AGE_MS = 30_000;

/**
 * How long an overview waits for its own count: an admin opening the page sees the instance as it is now (a
 * fresh server's first admin counts themselves), and a count slower than this (100 000 accounts on a busy node)
 * answers the kept counts, dated, while it ends for the next overview.
 */
export const COUNT_WAIT_MS = 1000;

export interface KeptCounts {
  /** Counts now, waiting up to `waitMs` for them; else the latest kept ones (dated by `countedAt`). */
  read(): Promise<InstanceCounts>;
  /** Counts now and every `maxAgeMs`, off any request, until `stop`. */
  keepWarm(): void;
  /** Stops the timer and lets a count under way end (the database closes after). */
  stop(): Promise<void>;
}

/**
 * The counts, kept per node (an admin's page, not a feed). Counting 100 000 accounts' rows takes ~50 ms on PGlite
 * (bench/admin-overview.ts), more on a busy node: each count is exact. Each overview counts again (overviews asked
 * during a count share it) and waits for it only up to `waitMs`; each node also counts when the server starts and
 * every `maxAgeMs` after, off the requests, so a slow count answers figures at most that old, cold start included.
 */
export function countsKeptFor(
  db: Database,
  log: FastifyBaseLogger,
  maxAgeMs = COUNTS_MAX_AGE_MS,
  waitMs = COUNT_WAIT_MS,
): KeptCounts {
  let latest: InstanceCounts | undefined;
  let counting: Promise<InstanceCounts> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const recount = () => {
    counting ??= countInstance(db)
      .then((counts) => {
        latest = counts;
        return counts;
      })
      .finally(() => {
        counting = undefined;
      });
    return counting;
  };
  const recountOffRequest = () => {
    recount().catch((error: unknown) => log.warn({ err: error }, 'the overview could not count the instance again'));
  };
  return {
    read: async () => {
      const kept = latest;
      if (!kept) return recount();
      // A count that fails or is slow answers the kept counts, dated; a slow one ends for the next overview.
      const counted = recount().catch((error: unknown) => {
        log.warn({ err: error }, 'the overview could not count the instance again');
        return kept;
      });
      let timeout: NodeJS.Timeout | undefined;
      const waited = new Promise<InstanceCounts>((resolve) => {
        timeout = setTimeout(() => resolve(kept), waitMs);
      });
      try {
        return await Promise.race([counted, waited]);
      } finally {
        clearTimeout(timeout);
      }
    },
    keepWarm: () => {
      if (timer) return;
      recountOffRequest();
      timer = setInterval(recountOffRequest, maxAgeMs).unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await counting?.catch(() => undefined);
    },
  };
}

/**
 * Devices with a socket open now: every signed-in socket is in its session's channel, and `fetchSockets`
 * asks every node through the adapter (Redis), as device presence does; a node that does not answer leaves
 * this node's own sockets as the answer.
 */
async function countOnlineDevices(ctx: AdminOverviewContext): Promise<number> {
  const { io } = ctx.realtime;
  const sessionsOf = (sockets: Array<{ data: { actor?: { sessionId: string } | null } }>) =>
    new Set(sockets.flatMap((socket) => (socket.data.actor ? [socket.data.actor.sessionId] : []))).size;
  try {
    return sessionsOf(await io.fetchSockets());
  } catch (error) {
    ctx.log.warn({ err: error }, 'another node did not say which sockets it holds: devices online from this node only');
    return sessionsOf(await io.local.fetchSockets());
  }
}

function jobsOf(jobRuns: JobRuns): AdminOverview['jobs'] {
  return jobRuns.states().map(({ name, everyMs, lastRun }) => ({
    name,
    everySeconds: everyMs / 1000,
    lastRunAt: lastRun?.at.toISOString() ?? null,
    lastOutcome: lastRun?.outcome ?? null,
  }));
}

/** The instance at a glance for its admins: counts, storage, mail, jobs, health and version. */
export async function describeInstance(ctx: AdminOverviewContext, counted: KeptCounts): Promise<AdminOverview> {
  const [counts, devicesOnline, readiness] = await Promise.all([
    counted.read(),
    countOnlineDevices(ctx),
    checkReadiness({ database: ctx.database, redis: ctx.realtime.redis, files: ctx.files }),
  ]);
  return {
    version: VERSION,
    users: { total: counts.users, activeLast7Days: counts.activeUsers },
    devicesOnline,
    clips: counts.clips,
    rooms: counts.rooms,
    storage: { fileStore: ctx.files.kind, textBytes: counts.textBytes, fileBytes: counts.fileBytes },
    mail: { transport: ctx.mailer.kind, pending: ctx.mail.pending() },
    jobs: jobsOf(ctx.jobRuns),
    health: readiness.checks,
    countedAt: counts.countedAt.toISOString(),
  };
}
