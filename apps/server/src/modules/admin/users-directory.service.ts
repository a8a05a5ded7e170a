import { ADMIN_USERS_TOTAL_AHEAD, type AdminUserListQuery, type AdminUserSort, type PlanId } from '@clipsync/shared';
import { count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { billingAccounts, users } from '../../db/schema';
import { toContainsPattern } from '../../lib/contains-pattern';

const SORT_COLUMNS: Record<AdminUserSort, AnyPgColumn> = {
  created: users.createdAt,
  storage: users.storedBytes,
  lastSeen: users.lastSeenAt,
};

/**
 * The plan in force now, read as billing reads it (billing-state.ts `paidPlanOf`): a plan an admin granted
 * wins while its end is ahead; else Stripe's, while its subscription is active, trialing or past due.
 */
const planInForce = sql<PlanId | null>`case
  when ${users.grantedPlan} is not null and ${users.grantedPlanUntil} > now() then ${users.grantedPlan}
  when ${billingAccounts.status} in ('active', 'trialing', 'past_due') then ${billingAccounts.plan}
  else null end`;

/**
 * Exactly the order of the sort's index (users_*_idx: column desc nulls last, id desc) or its reverse, so a
 * page is read from the index, not sorted: never seen comes last newest-first and first oldest-first.
 */
function orderOf(sort: AdminUserSort, order: 'asc' | 'desc'): SQL[] {
  const column = SORT_COLUMNS[sort];
  return order === 'desc'
    ? [sql`${column} desc nulls last`, sql`${users.id} desc nulls last`]
    : [sql`${column} asc nulls first`, sql`${users.id} asc nulls first`];
}

/** How many accounts match, counted no further than `cap` (then there are more). */
async function cappedCount(db: Database, where: SQL | undefined, cap: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const total = row?.total ?? 0;
  return total > cap ? { total: cap, isTotalCapped: true } : { total, isTotalCapped: false };
}

/**
 * One page of accounts and how many match: searched, sorted and paged in the database. A page that is not
 * full tells the total itself; a full one counts up to ADMIN_USERS_TOTAL_AHEAD past its start.
 */
export async function listUsers(db: Database, query: AdminUserListQuery) {
  const where = query.q
    ? or(ilike(users.name, toContainsPattern(query.q)), ilike(users.email, toContainsPattern(query.q)))
    : undefined;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
      disabledAt: users.disabledAt,
      storedBytes: users.storedBytes,
      plan: planInForce,
    })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(where)
    .orderBy(...orderOf(query.sort, query.order))
    .limit(query.limit)
    .offset(query.offset);
  const isLastPage = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  const counted = isLastPage
    ? { total: query.offset + rows.length, isTotalCapped: false }
    : await cappedCount(db, where, query.offset + ADMIN_USERS_TOTAL_AHEAD);
  return { rows, ...counted };
}

export type DirectoryRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];
