import type { BillingResponse } from '@clipsync/shared';
import { paidPlanOf, planSourceOf, trialDaysLeft, trialEndOf, type BillingState } from './billing-state';

/**
 * A user's billing as `GET /api/billing` answers it: an admin's grant while it lasts (an active plan that
 * ends, not renews, on its last day), else the paid plan if any, else the trial or its end.
 */
export function toBillingResponse(state: BillingState, now: Date): BillingResponse {
  const inForce = planSourceOf(state, now, true);
  if (inForce.source === 'admin' && inForce.plan && inForce.until) {
    return {
      plan: inForce.plan,
      interval: null,
      status: 'active',
      trialEndsAt: null,
      trialDaysLeft: trialDaysLeft(state, now),
      renewsAt: inForce.until.toISOString(),
      cancelAtPeriodEnd: true,
    };
  }
  const paid = paidPlanOf(state.account);
  const daysLeft = trialDaysLeft(state, now);
  const status = paid?.status ?? (daysLeft > 0 ? 'trialing' : 'canceled');
  return {
    plan: paid?.plan ?? null,
    interval: paid?.interval ?? null,
    status,
    trialEndsAt: status === 'trialing' ? trialEndOf(state).toISOString() : null,
    trialDaysLeft: daysLeft,
    renewsAt: paid ? (state.account?.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: paid ? (state.account?.cancelAtPeriodEnd ?? false) : false,
  };
}
