import { BILLING_ENDPOINTS, type BillingInterval, type PlanId } from '@clipsync/shared';
import { call } from './client';

/** The billing calls; screens reach them through the hooks in billing-queries.ts and billing-mutations.ts. */
export const billingApi = {
  config: () => call(BILLING_ENDPOINTS.config),
  get: () => call(BILLING_ENDPOINTS.get),
  plan: () => call(BILLING_ENDPOINTS.plan),
  startCheckout: (plan: PlanId, interval: BillingInterval) =>
    call(BILLING_ENDPOINTS.checkout, { body: { plan, interval } }),
  openPortal: () => call(BILLING_ENDPOINTS.portal),
};
