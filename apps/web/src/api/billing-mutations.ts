import type { BillingInterval, PlanId } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { redirectTo } from '../lib/redirect';

// The API client and its zod schemas load with the first purchase, not with the plans: the landing page's
// pricing section shows these buttons to every visitor, and building the schemas there was ~0.6 s of
// Lighthouse's throttled phone's main thread for buttons most visits never press (bench/README.md, landing).
const loadBillingApi = async () => (await import('./billing-api')).billingApi;

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
