import type { BillingInterval, PlanId } from '@clipsync/shared';
import { call } from './client';
import { billingEndpoints } from './endpoints';

/** The billing calls; screens reach them through the hooks in billing-queries.ts and billing-mutations.ts. */
export const billingApi = {
  config: () => call(billingEndpoints.config),
  get: () => call(billingEndpoints.get),
  startCheckout: (plan: PlanId, interval: BillingInterval) =>
    call(billingEndpoints.checkout, { body: { plan, interval } }),
  openPortal: () => call(billingEndpoints.portal),
};
