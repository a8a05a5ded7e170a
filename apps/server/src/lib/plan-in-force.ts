// Without zod: the embedded database's worker loads this file with the clip writes (queued-writes.ts).
import { TRIAL_DAYS, type PlanId } from '@clipsync/shared/without-zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the plan in force comes from: an admin's grant wins over Stripe, which wins over the trial. */
export type PlanSourceId = 'admin' | 'stripe' | 'trial' | 'none';

/** An account's fields the plan is read from, as the users row and its billing row (if any) hold them. */
export interface PlanFields {
  createdAt: Date;
  grantedPlan: PlanId | null;
  grantedPlanUntil: Date | null;
  /** The billing row's, when Stripe set one; else the trial ends TRIAL_DAYS after sign-up. */
  trialEndsAt: Date | null;
  subscriptionPlan: PlanId | null;
  /** Stripe's own status, as stored. */
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
}

export interface PlanInForce {
  plan: PlanId | null;
  source: PlanSourceId;
  /** The grant's end, the paid period's, the trial's; null without a plan. */
  until: Date | null;
}

/** What the server sells and when it is asked. */
export interface PlanRuleInput {
  now: Date;
  /** Stripe keys set: without them nothing is sold, so there is no trial and no paid plan, only grants. */
  paymentsEnabled: boolean;
}

/** Every account's free trial: TRIAL_DAYS from sign-up, nothing written at registration. */
export function trialEndFrom(fields: Pick<PlanFields, 'createdAt' | 'trialEndsAt'>): Date {
  return fields.trialEndsAt ?? new Date(fields.createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * Stripe's status as a plan held: `past_due` keeps it while Stripe retries the card (the subscription ends on
 * its own, `canceled` or `unpaid`, when it gives up); `incomplete`, `unpaid`, `paused` and ended ones give none.
 */
export function isLiveSubscription(status: PlanFields['subscriptionStatus']): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/**
 * The one rule for the plan in force, which the account page, the users list, the billing page and the storage
 * quota all read: an admin's grant while its end is ahead; else, on a server that sells plans, Stripe's while its
 * subscription is live, else the trial while it lasts; else none. A stale Stripe row on a server whose keys were
 * removed gives nothing: no webhook will ever end it.
 */
export function planInForce(fields: PlanFields, { now, paymentsEnabled }: PlanRuleInput): PlanInForce {
  if (fields.grantedPlan && fields.grantedPlanUntil && now < fields.grantedPlanUntil) {
    return { plan: fields.grantedPlan, source: 'admin', until: fields.grantedPlanUntil };
  }
  if (!paymentsEnabled) return { plan: null, source: 'none', until: null };
  if (fields.subscriptionPlan && isLiveSubscription(fields.subscriptionStatus)) {
    return { plan: fields.subscriptionPlan, source: 'stripe', until: fields.currentPeriodEnd };
  }
  const trialEnd = trialEndFrom(fields);
  if (now < trialEnd) return { plan: null, source: 'trial', until: trialEnd };
  return { plan: null, source: 'none', until: null };
}

/**
 * How many times the free quota (STORAGE_QUOTA_BYTES) each plan stores: a plan is worth holding for its space
 * too, on a server that sells nothing as on one that does. The trial and no plan keep the free quota.
 */
export const PLAN_STORAGE_FACTOR: Readonly<Record<PlanId, number>> = { basic: 5, pro: 10, advanced: 50 };

/** The storage a plan gives, from the server's free quota. */
export function planStorageBytes(plan: PlanId | null, freeQuotaBytes: number): number {
  return plan ? freeQuotaBytes * PLAN_STORAGE_FACTOR[plan] : freeQuotaBytes;
}
