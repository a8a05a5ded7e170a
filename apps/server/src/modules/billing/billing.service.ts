import {
  BILLING_CANCEL_PATH,
  BILLING_SUCCESS_PATH,
  type BillingConfigResponse,
  type BillingResponse,
  type CheckoutRequest,
  type PlanInForceResponse,
  type RedirectUrlResponse,
} from '@clipsync/shared';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingAccounts } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { storageOf } from '../../lib/storage-quota';
import { requirePayments, type BillingContext, type Payments } from './billing.context';
import { loadBillingState, paidPlanOf, planSourceOf, trialEndOf, type BillingState } from './billing-state';
import { toBillingResponse } from './billing.presenter';

type SubscriptionData = Stripe.Checkout.SessionCreateParams.SubscriptionData;

const HOUR_MS = 60 * 60 * 1000;
/** Stripe Checkout refuses a `trial_end` less than 48 hours away; closer than that, whole days are given. */
const CHECKOUT_TRIAL_END_MIN_MS = 48 * HOUR_MS;

/**
 * The user's first Stripe customer, for a user who has none stored. No transaction is held across the call
 * to Stripe (the embedded database would wait on it): two first checkouts at once send the same
 * idempotency key, so Stripe answers both with one customer, and the first id stored is the one kept.
 * The insert does nothing on any conflict, not only the user's: an upsert on `user_id` alone fails on
 * `billing_accounts_customer_unique` when the other checkout's row with the same customer is not yet
 * committed, which PostgreSQL only waits out for the conflict target.
 */
async function createCustomer(ctx: BillingContext, payments: Payments, userId: string): Promise<string> {
  const customer = await payments.stripe.customers.create(
    { metadata: { userId } },
    { idempotencyKey: `clipsync-customer-${userId}` },
  );
  await ctx.db.insert(billingAccounts).values({ userId, stripeCustomerId: customer.id }).onConflictDoNothing();
  const [stored] = await ctx.db
    .update(billingAccounts)
    .set({
      stripeCustomerId: sql`coalesce(${billingAccounts.stripeCustomerId}, ${customer.id})`,
      updatedAt: new Date(),
    })
    .where(eq(billingAccounts.userId, userId))
    .returning({ customerId: billingAccounts.stripeCustomerId });
  if (!stored?.customerId) throw new AppError('INTERNAL');
  return stored.customerId;
}

/**
 * The trial days left, carried into the subscription so buying during the trial charges nothing before it
 * ends: its exact end when Stripe accepts one, else the days left rounded up, as the app shows them.
 */
function trialOf(state: BillingState, now: Date): Pick<SubscriptionData, 'trial_end' | 'trial_period_days'> {
  const left = trialEndOf(state).getTime() - now.getTime();
  if (left <= 0) return {};
  if (left >= CHECKOUT_TRIAL_END_MIN_MS) return { trial_end: Math.floor(trialEndOf(state).getTime() / 1000) };
  return { trial_period_days: Math.ceil(left / (24 * HOUR_MS)) };
}

/**
 * Checkouts started within this window share a key. Stripe answers a repeated key with its first answer,
 * even once that session is paid or expired: the window (far below a session's 24 h life) and the account's
 * subscription in the key make sure a key stops being used before its session could be over.
 */
const CHECKOUT_KEY_WINDOW_MS = HOUR_MS;

/**
 * Two checkouts started at once (two tabs, a double click) must not become two subscriptions: both ask
 * Stripe with one idempotency key and are given one session. The key names the user, plan and interval,
 * the customer, the subscription the account holds and the trial carried (what the session is made of:
 * Stripe refuses a key reused with other parameters), and the window it was asked in.
 */
function checkoutKey(parts: readonly unknown[], now: Date): string {
  const window = Math.floor(now.getTime() / CHECKOUT_KEY_WINDOW_MS);
  const digest = createHash('sha256')
    .update(JSON.stringify([...parts, window]))
    .digest('base64url');
  return `clipsync-checkout-${digest}`;
}

/** `POST /api/stripe/checkout`: a hosted Checkout Session in subscription mode for the plan's price. */
export async function startCheckout(
  ctx: BillingContext,
  actor: Actor,
  { plan, interval }: CheckoutRequest,
  now = new Date(),
): Promise<RedirectUrlResponse> {
  const { userId } = requireSignedIn(actor);
  const payments = requirePayments(ctx);
  const state = await loadBillingState(ctx.db, userId);
  // A second checkout would be a second subscription, billed beside the first: plan changes go through the portal.
  if (paidPlanOf(state.account)) {
    throw new AppError('CONFLICT', 'You already have a subscription. Use Manage subscription to change your plan.');
  }
  const customer = state.account?.stripeCustomerId ?? (await createCustomer(ctx, payments, userId));
  const metadata = { userId, plan, interval };
  const trial = trialOf(state, now);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: payments.config.prices[plan][interval], quantity: 1 }],
    success_url: `${ctx.publicUrl}${BILLING_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${ctx.publicUrl}${BILLING_CANCEL_PATH}`,
    metadata,
    subscription_data: { metadata, ...trial },
  };
  const keyParts = [userId, plan, interval, customer, state.account?.stripeSubscriptionId ?? null, trial];
  const session = await payments.stripe.checkout.sessions.create(params, {
    idempotencyKey: checkoutKey(keyParts, now),
  });
  if (!session.url) throw new AppError('INTERNAL');
  return { url: session.url };
}

/** `POST /api/billing/portal`: Stripe's customer portal, for a user who has been to checkout before. */
export async function openPortal(ctx: BillingContext, actor: Actor): Promise<RedirectUrlResponse> {
  const { userId } = requireSignedIn(actor);
  const payments = requirePayments(ctx);
  const { account } = await loadBillingState(ctx.db, userId);
  if (!account?.stripeCustomerId) {
    throw new AppError('CONFLICT', 'There is no subscription to manage yet. Choose a plan first.');
  }
  const session = await payments.stripe.billingPortal.sessions.create({
    customer: account.stripeCustomerId,
    return_url: `${ctx.publicUrl}/billing`,
  });
  return { url: session.url };
}

/** `GET /api/billing`: the caller's plan, status, trial and renewal. */
export async function getBilling(ctx: BillingContext, actor: Actor, now = new Date()): Promise<BillingResponse> {
  const { userId } = requireSignedIn(actor);
  requirePayments(ctx);
  return toBillingResponse(await loadBillingState(ctx.db, userId), now);
}

/**
 * `GET /api/billing/plan`: the caller's plan in force by the rule the console reads, and the storage it gives;
 * answered with or without payments, since an admin grants plans on either (the billing page shows it).
 */
export async function getPlanInForce(
  ctx: BillingContext,
  actor: Actor,
  now = new Date(),
): Promise<PlanInForceResponse> {
  const { userId } = requireSignedIn(actor);
  const [state, storage] = await Promise.all([
    loadBillingState(ctx.db, userId),
    storageOf(ctx.db, ctx.storageQuota, userId, now),
  ]);
  const { plan, source, until } = planSourceOf(state, now, ctx.payments !== undefined);
  return {
    plan,
    source,
    until: until?.toISOString() ?? null,
    storage: { usedBytes: Math.max(0, storage.usedBytes), quotaBytes: storage.quotaBytes },
  };
}

/** `GET /api/billing/config`: whether plans are sold here; without Stripe keys every feature is free. */
export function getBillingConfig(ctx: BillingContext): BillingConfigResponse {
  return { paymentsEnabled: ctx.payments !== undefined };
}
