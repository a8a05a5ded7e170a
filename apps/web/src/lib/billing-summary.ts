import type { BillingResponse } from '@clipsync/shared';

/** What the shell and the billing page say of a user's billing, as translation keys and their values. */
export interface BillingHeadline {
  key: 'billing.planName' | 'billing.trialDaysLeft' | 'billing.noPlan';
  plan: BillingResponse['plan'];
  count: number;
}

/**
 * A paid plan names itself ('Pro plan'); the free trial counts its days ('Trial: 3 days left'); an ended
 * trial or subscription without a plan says so.
 */
export function billingHeadline(billing: BillingResponse): BillingHeadline {
  if (billing.plan && billing.status !== 'canceled') {
    return { key: 'billing.planName', plan: billing.plan, count: billing.trialDaysLeft };
  }
  if (billing.status === 'trialing') return { key: 'billing.trialDaysLeft', plan: null, count: billing.trialDaysLeft };
  return { key: 'billing.noPlan', plan: null, count: 0 };
}

/** A subscription Stripe still bills (or retries): plan changes go through its portal, not a new checkout. */
export const hasLiveSubscription = (billing: BillingResponse): boolean =>
  billing.plan !== null && billing.status !== 'canceled';
