import type { BillingInterval, PlanId } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { redirectTo } from '../lib/redirect';
import { loadBillingApi } from './load-billing-api';

/** Creates a Checkout Session for a plan and sends the browser to Stripe's hosted checkout. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async ({ plan, interval }: { plan: PlanId; interval: BillingInterval }) =>
      (await loadBillingApi()).startCheckout(plan, interval),
    onSuccess: ({ url }) => redirectTo(url),
  });
}

/** Opens Stripe's customer portal (card, plan change, cancellation). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => (await loadBillingApi()).openPortal(),
    onSuccess: ({ url }) => redirectTo(url),
  });
}
