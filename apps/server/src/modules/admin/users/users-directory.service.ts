import { ADMIN_USERS_TOTAL_AHEAD, type AdminUserListQuery, type AdminUserSort } from '@clipsync/shared';
import { eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { billingAccounts, users } from '../../../db/schema';
import { cappedCount } from '../../../lib/capped-count';
import { toContainsPattern } from '../../../lib/contains-pattern';
import { planInForce, type PlanRuleInput } from '../../../lib/plan-in-force';
import { PLAN_COLUMNS } from '../../../lib/storage-quota';

const SORT_COLUMNS: Record<AdminUserSort, AnyPgColumn> = {
  created: users.createdAt,
  storage: users.storedBytes,
  lastSeen: users.lastSeenAt,
};

/**
 * Exactly the order of the sort's index (users_*_idx: column desc nulls last, id desc) or its reverse, so a
 * page is read from the index, not sorted: never seen comes last newest-first and first oldest-first.
 */
function orderOf(column: SQLWrapper, id: SQLWrapper, order: 'asc' | 'desc'): SQL[] {
  return order === 'desc'
    ? [sql`${column} desc nulls last`, sql`${id} desc nulls last`]
    : [sql`${column} asc nulls first`, sql`${id} asc nulls first`];
}

/**
 * An account as the console lists it, with the fields its plan is read from: the plan in force is computed
 * from them by the rule the account page and billing use (lib/plan-in-force.ts), once per row of the page.
 */
const ROW = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  lastSeenAt: users.lastSeenAt,
  disabledAt: users.disabledAt,
  storedBytes: users.storedBytes,
  ...PLAN_COLUMNS,
};

/** The page walked from the sort's index, its matches filtered on the way. */
function pageFromIndex(db: Database, where: SQL | undefined, query: AdminUserListQuery) {
  return db
    .select(ROW)
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(where)
    .orderBy(...orderOf(SORT_COLUMNS[query.sort], users.id, query.order))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A search's page when it matches at most `cap` accounts, read in one pass: the trigram indexes find at most
 * cap + 1 matches, those are counted and sorted, and only the page's rows are joined. Walking the sort's index
 * instead skips every non-match before the page (for a word held by 1 % of 100 000 accounts, ~2 500 rows),
 * then counting walks the matches again: twice the work. `matched` over `cap`: the page is not the answer.
 */
async function searchPage(db: Database, where: SQL, query: AdminUserListQuery, cap: number) {
  const sortColumn = SORT_COLUMNS[query.sort];
  const matches = db
    .select({ id: users.id, sortKey: sql`${sortColumn}`.as('sort_key') })
    .from(users)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const ranked = db
    .select({ id: matches.id, matched: sql<number>`count(*) over ()`.mapWith(Number).as('matched') })
    .from(matches)
    .orderBy(...orderOf(matches.sortKey, matches.id, query.order))
    .limit(query.limit)
    .offset(query.offset)
    .as('ranked');
  const found = await db
    .select({ row: ROW, matched: ranked.matched })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.id))
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .orderBy(...orderOf(sortColumn, users.id, query.order));
  // A page past the last match has no row to carry the count.
  return { rows: found.map(({ row }) => row), matched: found[0]?.matched };
}

/**
 * One page of accounts, each with its plan in force, and how many match, searched, sorted and paged in the
 * database; the total is counted no further than ADMIN_USERS_TOTAL_AHEAD past the page's start
 * (`isTotalCapped`: there are more).
 */
export async function listUsers(db: Database, query: AdminUserListQuery, rule: PlanRuleInput) {
  const { rows, ...counted } = await findUsers(db, query);
  return { rows: rows.map((row) => ({ ...row, plan: planInForce(row, rule) })), ...counted };
}

async function findUsers(db: Database, query: AdminUserListQuery) {
  const cap = query.offset + ADMIN_USERS_TOTAL_AHEAD;
  const where = query.q
    ? or(ilike(users.name, toContainsPattern(query.q)), ilike(users.email, toContainsPattern(query.q)))
    : undefined;
  if (where) {
    const { rows, matched } = await searchPage(db, where, query, cap);
    if (matched !== undefined && matched <= cap) return { rows, total: matched, isTotalCapped: false };
    if (matched !== undefined) return { rows: await pageFromIndex(db, where, query), total: cap, isTotalCapped: true };
    return {
      rows: [],
      ...(query.offset === 0 ? { total: 0, isTotalCapped: false } : await cappedCount(db, users, where, cap)),
    };
  }
  const rows = await pageFromIndex(db, undefined, query);
  // A page that is not full tells the total itself.
  const isLastPage = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  const counted = isLastPage
    ? { total: query.offset + rows.length, isTotalCapped: false }
    : await cappedCount(db, users, undefined, cap);
  return { rows, ...counted };
}

export type DirectoryRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];
