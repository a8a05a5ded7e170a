import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { billingAccounts, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-test-app';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/** Billing tests: the app with Stripe configured against the stand-in, and signed webhook deliveries. */

export const TEST_WEBHOOK_SECRET = 'whsec_test_clipsync_webhook_secret';

export const TEST_PRICES = {
  basic: { month: 'price_basic_month', year: 'price_basic_year' },
  pro: { month: 'price_pro_month', year: 'price_pro_year' },
  advanced: { month: 'price_advanced_month', year: 'price_advanced_year' },
} as const;

/** The STRIPE_* settings of an app that talks to `standIn`. */
export function stripeEnv(standIn: Pick<StripeStandIn, 'url'>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_clipsync',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC_MONTH: TEST_PRICES.basic.month,
    STRIPE_PRICE_BASIC_YEAR: TEST_PRICES.basic.year,
    STRIPE_PRICE_PRO_MONTH: TEST_PRICES.pro.month,
    STRIPE_PRICE_PRO_YEAR: TEST_PRICES.pro.year,
    STRIPE_PRICE_ADVANCED_MONTH: TEST_PRICES.advanced.month,
    STRIPE_PRICE_ADVANCED_YEAR: TEST_PRICES.advanced.year,
    STRIPE_API_BASE: standIn.url,
  };
}

export interface BillingTestApp extends TestApp {
  standIn: StripeStandIn;
}

/** A fresh app with billing on, its SDK pointed at a fresh stand-in. */
export async function buildBillingTestApp(env: Record<string, string | undefined> = {}): Promise<BillingTestApp> {
  const standIn = await startStripeStandIn();
  const testApp = await buildTestApp({ ...stripeEnv(standIn), ...env });
  return {
    ...testApp,
    standIn,
    close: async () => {
      await testApp.close();
      await standIn.close();
    },
  };
}

/**
 * The app of the enclosing `describe`: built before its tests and closed after them. Reads go to the app
 * once built, so tests use it as they would the app itself.
 */
export function suiteApp<T extends { close(): Promise<void> }>(build: () => Promise<T>): T {
  const holder: { current?: T } = {};
  beforeAll(async () => {
    holder.current = await build();
  });
  afterAll(() => holder.current?.close());
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(holder.current ?? {}, key) });
}

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface TestEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  object: Record<string, unknown>;
}

/** An event as Stripe would send it, created `created` (unix seconds, default now). */
export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()): TestEvent {
  return { id: stripeId('evt'), type, created, object };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Delivers an event to the webhook, signed with the SDK's test helper (or as told: wrong secret, old time). */
export function deliver(
  testApp: Pick<TestApp, 'app'>,
  event: TestEvent,
  signing: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    created: event.created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: signing.secret ?? TEST_WEBHOOK_SECRET,
    ...(signing.timestamp === undefined ? {} : { timestamp: signing.timestamp }),
  });
  return testApp.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

/** A Stripe subscription object of `customer` on `price`, in `status`. */
export function subscriptionObject(input: {
  id: string;
  customer: string;
  price: string;
  status: string;
  userId?: string;
  trialEnd?: number | null;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
}): Record<string, unknown> {
  const periodEnd = input.periodEnd ?? nowSeconds() + 30 * 24 * 3600;
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    metadata: input.userId ? { userId: input.userId } : {},
    trial_end: input.trialEnd ?? null,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          price: { id: input.price, object: 'price' },
          current_period_start: periodEnd - 30 * 24 * 3600,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

/** An invoice of `subscription` for `customer`, as the basil API shapes it (the subscription under `parent`). */
export function invoiceObject(customer: string, subscription: string): Record<string, unknown> {
  return {
    id: stripeId('in'),
    object: 'invoice',
    customer,
    parent: { type: 'subscription_details', subscription_details: { subscription } },
  };
}

/** The user's billing row as stored, if any. */
export async function billingRowOf(testApp: Pick<TestApp, 'context'>, userId: string) {
  const [row] = await testApp.context.db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row;
}

/** Moves the account's sign-up back, so its 7-day trial is over (or at a chosen point). */
export async function signedUpDaysAgo(testApp: Pick<TestApp, 'context'>, userId: string, days: number) {
  const createdAt = new Date(Date.now() - days * 24 * 3600 * 1000);
  await testApp.context.db.update(users).set({ createdAt }).where(eq(users.id, userId));
}

/** Stores a paid plan for the user straight away (the webhook tests prove how it gets there). */
export async function givePlan(
  testApp: Pick<TestApp, 'context'>,
  userId: string,
  plan: 'basic' | 'pro' | 'advanced',
  status = 'active',
) {
  await testApp.context.db
    .insert(billingAccounts)
    .values({
      userId,
      stripeCustomerId: stripeId('cus'),
      stripeSubscriptionId: stripeId('sub'),
      plan,
      interval: 'month',
      status,
    })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { plan, status } });
}
