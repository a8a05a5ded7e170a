import {
  PLAN_ENTITLEMENTS,
  type BillingInterval,
  type Entitlement,
  type PlanId,
  type SubscriptionStatus,
} from '@clipsync/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingAccounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { planInForce, trialEndFrom, type PlanFields, type PlanInForce } from '../../lib/plan-in-force';

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

/** The fields the plan rule (lib/plan-in-force.ts) reads, from the state as loaded. */
export function planFieldsOf(state: BillingState): PlanFields {
  return {
    createdAt: state.userCreatedAt,
    grantedPlan: state.grant?.plan ?? null,
    grantedPlanUntil: state.grant?.until ?? null,
    trialEndsAt: state.account?.trialEndsAt ?? null,
    subscriptionPlan: state.account?.plan ?? null,
    subscriptionStatus: state.account?.status ?? null,
    currentPeriodEnd: state.account?.currentPeriodEnd ?? null,
  };
}

/** Every account's free trial: TRIAL_DAYS from sign-up, nothing written at registration. */
export function trialEndOf(state: BillingState): Date {
  return trialEndFrom(planFieldsOf(state));
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
 * trial every feature (a plan bought during it too: Stripe charges at its end); after it, the paid plan's
 * (PLAN_ENTITLEMENTS); without one, none (as Basic). Asked only where payments are set up (without them
 * nothing is gated).
 */
export function entitlementsOf(state: BillingState, now: Date): readonly Entitlement[] {
  const inForce = planInForce(planFieldsOf(state), { now, paymentsEnabled: true });
  if (inForce.source === 'admin' && inForce.plan) return PLAN_ENTITLEMENTS[inForce.plan];
  if (now < trialEndOf(state)) return EVERY_ENTITLEMENT;
  return inForce.plan ? PLAN_ENTITLEMENTS[inForce.plan] : [];
}

/** Where the user's plan comes from now, and until when: the one rule (lib/plan-in-force.ts) on the stored state. */
export function planSourceOf(state: BillingState, now: Date, paymentsEnabled: boolean): PlanInForce {
  return planInForce(planFieldsOf(state), { now, paymentsEnabled });
}
