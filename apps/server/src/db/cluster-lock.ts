import { createHash } from 'node:crypto';
import type pg from 'pg';

/** What `runAlone` did: ran the work, or skipped it because another node holds the lock. */
export type LockedRun<T> = { isRun: true; value: T } | { isRun: false };

/**
 * First key of every job lock ('clip' in ASCII). The two-key form of the advisory lock functions has a key
 * space of its own, apart from the one-key form the migration lock uses (db/migrate.ts).
 */
const JOB_LOCK_NAMESPACE = 0x636c6970;

/** Second key: from the name, computed here so every node and every server version derive the same one. */
function lockKeyOf(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

/**
 * Runs `work` only if no other session holds the lock named `name`, else skips it. Every node of a
 * scale-out deployment starts the same timers on one shared database; a sweep run by all of them at once
 * repeats the same deletes and races itself. The lock is a transaction-level advisory lock on a client
 * checked out for the whole run: it is released by ending that transaction, on the very connection that
 * took it (a session lock taken through the pool could be "released" on another connection and leak), and
 * by PostgreSQL itself if the node or its connection dies mid-run. The transaction only holds the lock;
 * the work writes through the pool as usual, so this costs one pool connection while a job runs.
 */
export async function runAloneOnPostgres<T>(
  pool: pg.Pool,
  name: string,
  work: () => Promise<T>,
): Promise<LockedRun<T>> {
  const client = await pool.connect();
  let isBroken = false;
  // A checked-out client's connection error is emitted on the client: unheard, it would crash the process.
  const onError = () => (isBroken = true);
  client.on('error', onError);
  try {
    await client.query('begin');
    const { rows } = await client.query<{ isLocked: boolean }>(
      'select pg_try_advisory_xact_lock($1, $2) as "isLocked"',
      [JOB_LOCK_NAMESPACE, lockKeyOf(name)],
    );
    if (!rows[0]?.isLocked) return { isRun: false };
    return { isRun: true, value: await work() };
  } finally {
    // Nothing was written in this transaction: ending it is what releases the lock.
    await client.query('rollback').catch(() => (isBroken = true));
    client.off('error', onError);
    client.release(isBroken);
  }
}
