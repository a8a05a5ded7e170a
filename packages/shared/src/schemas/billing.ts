import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_IDS } from '../plans';

/**
 * Paid plans (docs/features.md#payments-stripe). Stripe's hosted checkout takes the payment;
 * the server learns the outcome from signed webhooks and answers the plan from its own table.
 */

export const PlanIdSchema = z.enum(PLAN_IDS);
export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);

/**
 * Where a user's plan comes from now: an admin's grant wins over Stripe, which wins over the trial. Without
 * payments set up there is no trial and no paid plan: only a grant, or none.
 */
export const PLAN_SOURCES = ['admin', 'stripe', 'trial', 'none'] as const;
export const PlanSource = z.enum(PLAN_SOURCES);
export type PlanSource = z.infer<typeof PlanSource>;

/**
 * `GET /api/billing/plan`, with or without payments: the caller's plan in force (the rule the console reads
 * too), until when, and the storage it gives against what is used (`quotaBytes`: an admin's own quota for the
 * account wins over the plan's).
 */
export const PlanInForceResponse = z.object({
  plan: PlanIdSchema.nullable(),
  source: PlanSource,
  until: z.iso.datetime().nullable(),
  storage: z.object({ usedBytes: z.number().int().min(0), quotaBytes: z.number().int().min(0) }),
});
export type PlanInForceResponse = z.infer<typeof PlanInForceResponse>;

/** `POST /api/stripe/checkout`: `plan` alone buys monthly; `interval` picks the yearly price. */
export const CheckoutRequest = z.strictObject({
  plan: PlanIdSchema,
  interval: BillingIntervalSchema.default('month'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** Where the browser goes next: Stripe's hosted checkout, or its customer portal. */
export const RedirectUrlResponse = z.object({ url: z.url() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponse>;

/** What the server answers Stripe once an event is handled (or known already). */
export const StripeWebhookReceived = z.object({ received: z.literal(true) });

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * `GET /api/billing`. `plan` is null while the caller is on the free trial without a paid plan (the trial
 * gives every feature) and after a trial or subscription ended without one.
 */
export const BillingResponse = z.object({
  plan: PlanIdSchema.nullable(),
  interval: BillingIntervalSchema.nullable(),
  status: SubscriptionStatus,
  trialEndsAt: z.iso.datetime().nullable(),
  /** Whole days left in the trial, rounded up; 0 once it has ended. */
  trialDaysLeft: z.number().int().nonnegative(),
  /** When the paid period renews (or ends, with `cancelAtPeriodEnd`). */
  renewsAt: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingResponse = z.infer<typeof BillingResponse>;

/**
 * `GET /api/billing/config`, open to anyone: whether this server sells plans at all. Without Stripe keys it
 * sells none and every feature is free, which the pricing section and the billing page say instead of
 * offering purchases that could only fail.
 */
export const BillingConfigResponse = z.object({ paymentsEnabled: z.boolean() });
export type BillingConfigResponse = z.infer<typeof BillingConfigResponse>;

/** Where Stripe sends the browser back (on `PUBLIC_URL`). */
export const BILLING_SUCCESS_PATH = '/billing/success';
export const BILLING_CANCEL_PATH = '/billing/cancel';
