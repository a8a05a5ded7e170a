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

/** A user's billing as stored: when the account was made (the trial's start) and its Stripe row, if any. */
export interface BillingState {
  userCreatedAt: Date;
  account: BillingAccountRow | undefined;
}

/** The paid side of a user's billing, reduced to what the API and the entitlements care about. */
export interface PaidPlan {
  plan: PlanId;
  interval: BillingInterval | null;
  status: Exclude<SubscriptionStatus, 'canceled'>;
}

export async function loadBillingState(db: Database, userId: string): Promise<BillingState> {
  const [row] = await db
    .select({ userCreatedAt: users.createdAt, account: billingAccounts })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return { userCreatedAt: row.userCreatedAt, account: row.account ?? undefined };
}

/** Several users' billing, in one query: undefined for a user who does not exist. */
export async function loadBillingStates(
  db: Database,
  userIds: readonly string[],
): Promise<Array<BillingState | undefined>> {
  const rows = await db
    .select({ userId: users.id, userCreatedAt: users.createdAt, account: billingAccounts })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return userIds.map((userId) => {
    const row = byId.get(userId);
    return row && { userCreatedAt: row.userCreatedAt, account: row.account ?? undefined };
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

/** Within the trial every feature; after it, the paid plan's (PLAN_ENTITLEMENTS); without one, none (as Basic). */
export function entitlementsOf(state: BillingState, now: Date): readonly Entitlement[] {
  if (now < trialEndOf(state)) return EVERY_ENTITLEMENT;
  const paid = paidPlanOf(state.account);
  return paid ? PLAN_ENTITLEMENTS[paid.plan] : [];
}
