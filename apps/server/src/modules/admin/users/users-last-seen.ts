import { USER_LAST_SEEN_WRITE_MS } from '@clipsync/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';

/** Accounts remembered at most; the one tried longest ago goes first. */
const REMEMBERED_MAX = 10_000;

/**
 * An account's last seen from its authenticated calls, never a write per request: each node tries at most
 * once per USER_LAST_SEEN_WRITE_MS per account (the map), and the UPDATE matches only an account not written
 * within that time, so several nodes write it once too. Off the request's path; a failure is logged.
 */
export function createUserLastSeen(db: Database, log: FastifyBaseLogger): (userId: string) => void {
  const lastTried = new Map<string, number>();
  return (userId) => {
    const now = Date.now();
    if (now - (lastTried.get(userId) ?? 0) < USER_LAST_SEEN_WRITE_MS) return;
    lastTried.delete(userId);
    lastTried.set(userId, now);
    const oldest = lastTried.keys().next().value;
    if (lastTried.size > REMEMBERED_MAX && oldest !== undefined) lastTried.delete(oldest);
    const staleBefore = new Date(now - USER_LAST_SEEN_WRITE_MS);
    db.update(users)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, staleBefore))))
      .catch((error: unknown) => log.warn({ err: error }, "an account's last seen could not be written"));
  };
}
