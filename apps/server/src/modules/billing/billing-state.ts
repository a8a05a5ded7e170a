import {
  PLAN_ENTITLEMENTS,
  TRIAL_DAYS,
  type BillingInterval,
  type Entitlement,
  type PlanId,
  type SubscriptionStatus,
} from '@clipsync/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingAccounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_ENTITLEMENT: readonly Entitlement[] = PLAN_ENTITLEMENTS.advanced;

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** A plan an admin gave the account without Stripe, and until when. */
export interface PlanGrant {
  plan: PlanId;
  until: Date;
}

/**
 * A user's billing as stored: when the account was made (the trial's start), its Stripe row if any, and an
 * admin's grant if any (expired or not: `activeGrantOf` says whether it still counts).
 */
export interface BillingState {
  userCreatedAt: Date;
  account: BillingAccountRow | undefined;
  grant?: PlanGrant | undefined;
}

const stateColumns = {
  userCreatedAt: users.createdAt,
  grantedPlan: users.grantedPlan,
  grantedPlanUntil: users.grantedPlanUntil,
  account: billingAccounts,
};

interface StateRow {
  userCreatedAt: Date;
  grantedPlan: PlanId | null;
  grantedPlanUntil: Date | null;
  account: BillingAccountRow | null;
}

function stateOf(row: StateRow): BillingState {
  const grant =
    row.grantedPlan && row.grantedPlanUntil ? { plan: row.grantedPlan, until: row.grantedPlanUntil } : undefined;
  return { userCreatedAt: row.userCreatedAt, account: row.account ?? undefined, grant };
}

/** The paid side of a user's billing, reduced to what the API and the entitlements care about. */
export interface PaidPlan {
  plan: PlanId;
  interval: BillingInterval | null;
  status: Exclude<SubscriptionStatus, 'canceled'>;
}

export async function loadBillingState(db: Database, userId: string): Promise<BillingState> {
  const [row] = await db
    .select(stateColumns)
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return stateOf(row);
}

/** Several users' billing, in one query: undefined for a user who does not exist. */
export async function loadBillingStates(
  db: Database,
  userIds: readonly string[],
): Promise<Array<BillingState | undefined>> {
  const rows = await db
    .select({ userId: users.id, ...stateColumns })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return userIds.map((userId) => {
    const row = byId.get(userId);
    return row && stateOf(row);
  });
}

/** Every account's free trial: TRIAL_DAYS from sign-up, nothing written at registration. */
export function trialEndOf(state: BillingState): Date {
  return state.account?.trialEndsAt ?? new Date(state.userCreatedAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whole days left in the trial, rounded up; 0 once it has ended. */
export function trialDaysLeft(state: BillingState, now: Date): number {
  return Math.max(0, Math.ceil((trialEndOf(state).getTime() - now.getTime()) / DAY_MS));
}

/**
 * Stripe's subscription status as a plan the user has. `past_due` keeps the plan: Stripe retries the card
 * for a while (Smart Retries) and the subscription ends on its own (`canceled`, or `unpaid`) when it gives
 * up, so a late payment never locks anyone out mid-retry. `incomplete` (first payment not made yet),
 * `unpaid`, `paused` and ended subscriptions give no plan.
 */
export function paidPlanOf(account: BillingAccountRow | undefined): PaidPlan | undefined {
  if (!account?.plan) return undefined;
  const status = account.status;
  if (status !== 'active' && status !== 'trialing' && status !== 'past_due') return undefined;
  return { plan: account.plan, interval: account.interval ?? null, status };
}

/** An admin's grant while it lasts: until then it is the user's plan, whatever Stripe or the trial say. */
export function activeGrantOf(state: BillingState, now: Date): PlanGrant | undefined {
  return state.grant && now < state.grant.until ? state.grant : undefined;
}

/**
 * An admin's grant while it lasts (its plan's entitlements only, even during the trial); else within the
 * trial every feature; after it, the paid plan's (PLAN_ENTITLEMENTS); without one, none (as Basic).
 */
export function entitlementsOf(state: BillingState, now: Date): readonly Entitlement[] {
  const granted = activeGrantOf(state, now);
  if (granted) return PLAN_ENTITLEMENTS[granted.plan];
  if (now < trialEndOf(state)) return EVERY_ENTITLEMENT;
  const paid = paidPlanOf(state.account);
  return paid ? PLAN_ENTITLEMENTS[paid.plan] : [];
}

/** Where the user's plan comes from now, and until when (the grant's end, the paid period's, the trial's). */
export function planSourceOf(
  state: BillingState,
  now: Date,
): { plan: PlanId | null; source: 'admin' | 'stripe' | 'trial' | 'none'; until: Date | null } {
  const granted = activeGrantOf(state, now);
  if (granted) return { plan: granted.plan, source: 'admin', until: granted.until };
  const paid = paidPlanOf(state.account);
  if (paid) return { plan: paid.plan, source: 'stripe', until: state.account?.currentPeriodEnd ?? null };
  if (now < trialEndOf(state)) return { plan: null, source: 'trial', until: trialEndOf(state) };
  return { plan: null, source: 'none', until: null };
}
