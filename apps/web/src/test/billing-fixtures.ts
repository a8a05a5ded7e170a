import type { BillingResponse } from '@clipsync/shared';

/** `GET /api/billing` as the server answers it: on the free trial with 5 days left, unless told otherwise. */
export function makeBilling(overrides: Partial<BillingResponse> = {}): BillingResponse {
  return {
    plan: null,
    interval: null,
    status: 'trialing',
    trialEndsAt: '2026-11-30T12:00:00.000Z',
    trialDaysLeft: 5,
    renewsAt: null,
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}
