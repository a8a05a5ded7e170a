import {
  BillingConfigResponse,
  PlanInForceResponse,
  BillingResponse,
  CheckoutRequest,
  RedirectUrlResponse,
  StripeWebhookReceived,
} from '../../schemas/billing';
import { defineEndpoints } from '../endpoint';

/** Paid plans: a 503 `PAYMENTS_NOT_CONFIGURED` means this server sells none. */
export const BILLING_ENDPOINTS = defineEndpoints({
  get: { method: 'GET', path: '/billing', response: BillingResponse },
  /** Public: whether this server sells plans at all, asked once per visit instead of meeting a 503. */
  config: { method: 'GET', path: '/billing/config', response: BillingConfigResponse },
  /** The caller's plan in force and the storage it gives, with or without payments (a plan an admin granted). */
  plan: { method: 'GET', path: '/billing/plan', response: PlanInForceResponse },
  /** Stripe's hosted checkout for a plan and interval; the browser goes to the answer's `url`. */
  checkout: { method: 'POST', path: '/stripe/checkout', body: CheckoutRequest, response: RedirectUrlResponse },
  /** Stripe's customer portal, where the subscriber changes card, plan or cancels. */
  portal: { method: 'POST', path: '/billing/portal', response: RedirectUrlResponse },
  /** Stripe's signed events: the body is read as bytes, since the signature covers them exactly. */
  webhook: { method: 'POST', path: '/stripe/webhook', response: StripeWebhookReceived },
});
