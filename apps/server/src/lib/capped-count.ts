import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * How many rows of `table` match, counted no further than `cap` (`isTotalCapped`: there are more): an exact
 * count of a large table costs tens of milliseconds on PGlite at every page, a capped one stops early.
 */
export async function cappedCount(db: Database, table: PgTable, where: SQL | undefined, cap: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const total = row?.total ?? 0;
  return total > cap ? { total: cap, isTotalCapped: true } : { total, isTotalCapped: false };
}
