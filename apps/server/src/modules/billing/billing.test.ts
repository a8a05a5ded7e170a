import { describe, expect, test } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { logRecorder } from '../../../test/log-recorder';
import {
  billingRowOf,
  buildBillingTestApp,
  deliver,
  givePlan,
  signedUpDaysAgo,
  TEST_PRICES,
  TEST_WEBHOOK_SECRET,
  stripeEvent,
  stripeId,
  subscriptionObject,
  suiteApp,
} from '../../../test/stripe-billing';
import { quotaRuleOf } from '../../lib/storage-quota';
import { createPayments } from './billing.context';
import { startCheckout } from './billing.service';

const DAY_S = 24 * 3600;
const HOUR_MS = 3600 * 1000;

describe('paid plans through Stripe', () => {
  const testApp = suiteApp(buildBillingTestApp);

  test('the public config says payments are on, signed out too', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paymentsEnabled: true });
  });

  test('checkout creates the Stripe customer once and a subscription session for the plan', async () => {
    const user = await testApp.factory.user();
    const [first, second] = await Promise.all([
      testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' }),
      testApp.as(user).post('/api/stripe/checkout', { plan: 'advanced', interval: 'year' }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const third = await testApp.as(user).post('/api/stripe/checkout', { plan: 'basic' });
    expect(third.statusCode).toBe(200);

    const customers = [...testApp.standIn.customers.values()].filter(
      (customer) => (customer.metadata as { userId?: string }).userId === user.id,
    );
    expect(customers).toHaveLength(1);
    const customerId = customers[0]?.id;
    expect((await billingRowOf(testApp, user.id))?.stripeCustomerId).toBe(customerId);

    const sessions = testApp.standIn.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.body);
    const prices = sessions.map((body) => (body.line_items as { price: string }[])[0]?.price).sort();
    expect(prices).toEqual([TEST_PRICES.advanced.year, TEST_PRICES.basic.month, TEST_PRICES.pro.month].sort());
    for (const body of sessions) {
      expect(body).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        success_url: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/billing/cancel',
      });
    }
    const url = first.json().url as string;
    expect(url).toMatch(new RegExp(`^${testApp.standIn.url}/checkout/cs_test_`));
  });

  test('checkouts of one plan started at once are one Checkout Session; a new hour or a new subscription makes another', async () => {
    const user = await testApp.factory.user();
    const checkout = async (interval: 'month' | 'year' = 'month') => {
      const res = await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro', interval });
      expect(res.statusCode).toBe(200);
      return res.json<{ url: string }>().url;
    };
    const urls = await Promise.all([checkout(), checkout(), checkout()]);
    expect(new Set(urls).size).toBe(1);
    const ofUser = () =>
      [...testApp.standIn.checkoutSessions.values()].filter((session) => session.client_reference_id === user.id);
    expect(ofUser()).toHaveLength(1);
    const keys = testApp.standIn
      .requestsTo('POST', '/v1/checkout/sessions')
      .filter((request) => request.body.client_reference_id === user.id)
      .map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^clipsync-checkout-/);
    // Another interval is another purchase.
    expect(await checkout('year')).not.toBe(urls[0]);

    // Stripe would answer the key with that first session even once it is over: an hour later it is not used.
    const ctx = {
      db: testApp.context.db,
      payments: createPayments(testApp.config.billing),
      publicUrl: testApp.config.publicUrl,
      storageQuota: quotaRuleOf(testApp.config),
    };
    const actor = { userId: user.id, sessionId: 'billing-test', expiresAt: 0 };
    const later = await startCheckout(ctx, actor, { plan: 'pro', interval: 'month' }, new Date(Date.now() + HOUR_MS));
    expect(later.url).not.toBe(urls[0]);

    // Paid, then ended: buying again within the hour is a new session, not the paid one.
    const [session] = ofUser();
    const subscription = stripeId('sub');
    const customer = String(session?.customer);
    await deliver(
      testApp,
      stripeEvent('checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        subscription,
      }),
    );
    expect((await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' })).statusCode).toBe(409);
    const ended = subscriptionObject({ id: subscription, customer, price: TEST_PRICES.pro.month, status: 'canceled' });
    await deliver(testApp, stripeEvent('customer.subscription.deleted', ended));
    const again = await checkout();
    expect([urls[0], later.url]).not.toContain(again);
  });

  test('first checkouts racing each other all succeed and keep one customer per user', async () => {
    // On PostgreSQL both racers insert the same customer id; only one row may hold it (its unique index).
    const users = await Promise.all(Array.from({ length: 8 }, () => testApp.factory.user()));
    const answers = await Promise.all(
      users.flatMap((user) =>
        (['basic', 'pro', 'advanced'] as const).map((plan) => testApp.as(user).post('/api/stripe/checkout', { plan })),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const user of users) {
      const customers = [...testApp.standIn.customers.values()].filter(
        (customer) => (customer.metadata as { userId?: string }).userId === user.id,
      );
      expect(customers).toHaveLength(1);
      expect((await billingRowOf(testApp, user.id))?.stripeCustomerId).toBe(customers[0]?.id);
    }
  });

  test('the trial days left carry into the subscription: its exact end, or whole days when under 48 h', async () => {
    const user = await testApp.factory.user();
    await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' });
    const fresh = testApp.standIn.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body;
    const trialEnd = Number((fresh?.subscription_data as { trial_end: string }).trial_end);
    expect(trialEnd).toBeGreaterThan(Date.now() / 1000 + 7 * DAY_S - 60);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() / 1000 + 7 * DAY_S);

    await signedUpDaysAgo(testApp, user.id, 6);
    await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' });
    const late = testApp.standIn.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body;
    expect(late?.subscription_data).toMatchObject({ trial_period_days: '1' });

    await signedUpDaysAgo(testApp, user.id, 8);
    await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' });
    const after = testApp.standIn.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body;
    expect(after?.subscription_data).not.toHaveProperty('trial_end');
    expect(after?.subscription_data).not.toHaveProperty('trial_period_days');
  });

  test('a subscriber is sent to the portal rather than sold a second subscription', async () => {
    const user = await testApp.factory.user();
    await givePlan(testApp, user.id, 'pro');
    const res = await testApp.as(user).post('/api/stripe/checkout', { plan: 'advanced' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/Manage subscription/) });
  });

  test('signed out: 401, and Stripe is never called', async () => {
    const before = testApp.standIn.requests.length;
    for (const res of [
      await testApp.as(null).post('/api/stripe/checkout', { plan: 'pro' }),
      await testApp.as(null).get('/api/billing'),
      await testApp.as(null).post('/api/billing/portal'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect(testApp.standIn.requests.length).toBe(before);
  });

  test('an unknown plan or interval is a 400', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(user).post('/api/stripe/checkout', { plan: 'gold' })).statusCode).toBe(400);
    expect((await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro', interval: 'week' })).statusCode).toBe(
      400,
    );
  });

  test('the portal opens for a customer; before any checkout it is a 409 saying what to do', async () => {
    const user = await testApp.factory.user();
    const before = await testApp.as(user).post('/api/billing/portal');
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/Choose a plan/) });

    await testApp.as(user).post('/api/stripe/checkout', { plan: 'basic' });
    const res = await testApp.as(user).post('/api/billing/portal');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${testApp.standIn.url}/portal/bps_`));
    const row = await billingRowOf(testApp, user.id);
    expect(testApp.standIn.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.body).toEqual({
      customer: row?.stripeCustomerId,
      return_url: 'http://localhost:3000/billing',
    });
  });

  test("the stand-in's hosted checkout: Pay sends a signed checkout.session.completed and returns to the app", async () => {
    const base = await testApp.listen();
    testApp.standIn.sendWebhooksTo({ url: `${base}/api/stripe/webhook`, secret: TEST_WEBHOOK_SECRET });
    const user = await testApp.factory.user();
    const { url } = (await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' })).json();
    expect(await (await fetch(url)).text()).toContain(TEST_PRICES.pro.month);

    const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const sessionId = url.split('/').at(-1);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/billing/success?session_id=${sessionId}`);
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({ plan: 'pro', status: 'active' });
  });

  test('a new account is on its 7-day trial with no plan and no card', async () => {
    const user = await testApp.factory.user();
    const res = await testApp.as(user).get('/api/billing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: null,
      interval: null,
      status: 'trialing',
      trialDaysLeft: 7,
      renewsAt: null,
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(res.json().trialEndsAt)).toBeGreaterThan(Date.now() + 6.9 * DAY_S * 1000);

    await signedUpDaysAgo(testApp, user.id, 8);
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({
      plan: null,
      status: 'canceled',
      trialEndsAt: null,
      trialDaysLeft: 0,
    });
  });
});

describe('without Stripe keys (self-hosting)', () => {
  const plain = suiteApp(() => buildTestApp());

  test('billing calls answer 503 PAYMENTS_NOT_CONFIGURED with a clear message', async () => {
    const user = await plain.factory.user();
    for (const res of [
      await plain.as(user).post('/api/stripe/checkout', { plan: 'pro' }),
      await plain.as(user).get('/api/billing'),
      await plain.as(user).post('/api/billing/portal'),
      await plain.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{}' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'PAYMENTS_NOT_CONFIGURED',
        error: expect.stringMatching(/Payments are not set up on this server/),
        requestId: expect.any(String),
      });
    }
  });

  test('the public config says payments are off, to anyone, so the web app need not ask for the 503', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paymentsEnabled: false });
  });

  test('the 503 is logged at info as a refusal, never as an error with a stack', async () => {
    const log = logRecorder();
    const app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const user = await app.factory.user();
      expect((await app.as(user).get('/api/billing')).statusCode).toBe(503);
      const refusals = log.lines.filter((line) => line.code === 'PAYMENTS_NOT_CONFIGURED');
      expect(refusals).toEqual([expect.objectContaining({ level: 30, msg: 'request refused', statusCode: 503 })]);
      expect(refusals[0]?.err).toBeUndefined();
      expect(log.lines.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
