import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { stripeEvents } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import {
  billingRowOf,
  buildBillingTestApp,
  deliver,
  invoiceObject,
  nowSeconds,
  stripeEvent,
  stripeId,
  subscriptionObject,
  TEST_PRICES,
  suiteApp,
} from '../../../test/stripe-billing';

describe('POST /api/stripe/webhook (signed, each event applied once)', () => {
  const testApp = suiteApp(buildBillingTestApp);

  /** A user who went through checkout: their Stripe customer exists and is stored. */
  async function customerOf(): Promise<{ user: TestUser; customer: string }> {
    const user = await testApp.factory.user();
    const res = await testApp.as(user).post('/api/stripe/checkout', { plan: 'pro' });
    expect(res.statusCode).toBe(200);
    const customer = (await billingRowOf(testApp, user.id))?.stripeCustomerId;
    if (!customer) throw new Error('no customer stored');
    return { user, customer };
  }

  const subscriptionEvent = (
    type: 'created' | 'updated' | 'deleted',
    subscription: Parameters<typeof subscriptionObject>[0],
    created?: number,
  ) => stripeEvent(`customer.subscription.${type}`, subscriptionObject(subscription), created);

  test.each([
    ['a bad signature', { secret: 'whsec_not_the_one' }],
    ["a stale timestamp (past Stripe's 300 s tolerance)", { timestamp: nowSeconds() - 600 }],
  ])('%s is a 400 with { error, code } and changes nothing', async (_case, signing) => {
    const { user, customer } = await customerOf();
    const sub = { id: stripeId('sub'), customer, price: TEST_PRICES.pro.month, status: 'active' };
    const res = await deliver(testApp, subscriptionEvent('created', sub), signing);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: expect.stringMatching(/Stripe signature/),
      requestId: expect.any(String),
    });
    expect((await billingRowOf(testApp, user.id))?.status).toBeNull();
  });

  test('an unsigned body is a 400', async () => {
    const headers = { 'content-type': 'application/json' };
    expect((await testApp.as(null).inject('POST', '/api/stripe/webhook', '{}', headers)).statusCode).toBe(400);
  });

  test('checkout.session.completed gives the plan, active', async () => {
    const { user, customer } = await customerOf();
    const subscription = stripeId('sub');
    const res = await deliver(
      testApp,
      stripeEvent('checkout.session.completed', {
        id: stripeId('cs_test'),
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        customer,
        subscription,
        client_reference_id: user.id,
        metadata: { userId: user.id, plan: 'pro', interval: 'year' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await billingRowOf(testApp, user.id)).toMatchObject({
      stripeSubscriptionId: subscription,
      plan: 'pro',
      interval: 'year',
      status: 'active',
    });
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({
      plan: 'pro',
      interval: 'year',
      status: 'active',
    });
  });

  test('subscription events set plan, status, renewal and cancellation from the subscription itself', async () => {
    const { user, customer } = await customerOf();
    const id = stripeId('sub');
    const periodEnd = nowSeconds() + 365 * 24 * 3600;
    const t = nowSeconds();
    await deliver(
      testApp,
      subscriptionEvent(
        'created',
        { id, customer, price: TEST_PRICES.advanced.year, status: 'trialing', trialEnd: t + 3600 },
        t,
      ),
    );
    await deliver(
      testApp,
      subscriptionEvent(
        'updated',
        { id, customer, price: TEST_PRICES.advanced.year, status: 'active', periodEnd, cancelAtPeriodEnd: true },
        t + 5,
      ),
    );
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({
      plan: 'advanced',
      interval: 'year',
      status: 'active',
      renewsAt: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });

  test('a replayed event is answered 200 and applied once: a later change stands', async () => {
    const { user, customer } = await customerOf();
    const id = stripeId('sub');
    const t = nowSeconds();
    const created = subscriptionEvent('created', { id, customer, price: TEST_PRICES.pro.month, status: 'active' }, t);
    expect((await deliver(testApp, created)).statusCode).toBe(200);
    await deliver(
      testApp,
      subscriptionEvent('updated', { id, customer, price: TEST_PRICES.basic.month, status: 'active' }, t),
    );
    const replay = await deliver(testApp, created);
    expect(replay.statusCode).toBe(200);
    expect((await billingRowOf(testApp, user.id))?.plan).toBe('basic');
    const [row] = await testApp.context.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, created.id));
    expect(row?.n).toBe(1);
  });

  test('the same event delivered twice at once has one effect', async () => {
    const { user, customer } = await customerOf();
    const id = stripeId('sub');
    await deliver(
      testApp,
      subscriptionEvent('created', { id, customer, price: TEST_PRICES.pro.month, status: 'active' }, nowSeconds() - 10),
    );
    const failed = stripeEvent('invoice.payment_failed', invoiceObject(customer, id));
    const answers = await Promise.all([deliver(testApp, failed), deliver(testApp, failed), deliver(testApp, failed)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const stored = await testApp.context.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, failed.id));
    expect(stored[0]?.n).toBe(1);
    expect((await billingRowOf(testApp, user.id))?.status).toBe('past_due');
  });

  /** A finished Checkout Session of `user` for Pro, monthly, as Stripe sends it with each checkout event. */
  const checkoutSession = (user: TestUser, customer: string, subscription: string, paymentStatus: string) => ({
    id: stripeId('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: paymentStatus,
    customer,
    subscription,
    client_reference_id: user.id,
    metadata: { userId: user.id, plan: 'pro', interval: 'month' },
  });

  test('a checkout completed unpaid (a delayed payment method) gives no plan until its payment succeeds', async () => {
    const { user, customer } = await customerOf();
    const session = checkoutSession(user, customer, stripeId('sub'), 'unpaid');
    await deliver(testApp, stripeEvent('checkout.session.completed', session));
    expect(await billingRowOf(testApp, user.id)).toMatchObject({ plan: null, status: null });
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({ plan: null });

    const paid = { ...session, payment_status: 'paid' };
    await deliver(testApp, stripeEvent('checkout.session.async_payment_succeeded', paid));
    expect(await billingRowOf(testApp, user.id)).toMatchObject({
      stripeSubscriptionId: session.subscription,
      plan: 'pro',
      status: 'active',
    });
  });

  test('a delayed payment that fails never gives the plan', async () => {
    const { user, customer } = await customerOf();
    const session = checkoutSession(user, customer, stripeId('sub'), 'unpaid');
    await deliver(testApp, stripeEvent('checkout.session.completed', session));
    const failed = await deliver(testApp, stripeEvent('checkout.session.async_payment_failed', session));
    expect(failed.statusCode).toBe(200);
    expect(await billingRowOf(testApp, user.id)).toMatchObject({ plan: null, status: null });
  });

  test('a checkout with nothing to pay now (a trial) gives the plan', async () => {
    const { user, customer } = await customerOf();
    const session = checkoutSession(user, customer, stripeId('sub'), 'no_payment_required');
    await deliver(testApp, stripeEvent('checkout.session.completed', session));
    expect(await billingRowOf(testApp, user.id)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  test('deleted arriving before created: the subscription stays canceled', async () => {
    const { user, customer } = await customerOf();
    const id = stripeId('sub');
    const t = nowSeconds() - 60;
    const sub = { id, customer, price: TEST_PRICES.advanced.month };
    await deliver(testApp, subscriptionEvent('deleted', { ...sub, status: 'canceled' }, t + 30));
    await deliver(testApp, subscriptionEvent('updated', { ...sub, status: 'active' }, t + 10));
    await deliver(testApp, subscriptionEvent('created', { ...sub, status: 'active' }, t));
    // The purchase's own event, late too, does not bring it back either.
    await deliver(
      testApp,
      stripeEvent('checkout.session.completed', {
        id: stripeId('cs_test'),
        mode: 'subscription',
        payment_status: 'paid',
        customer,
        subscription: id,
        client_reference_id: user.id,
        metadata: { plan: 'advanced', interval: 'month' },
      }),
    );
    expect(await billingRowOf(testApp, user.id)).toMatchObject({ stripeSubscriptionId: id, status: 'canceled' });
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({ plan: null });
  });

  test('events in the same second apply as created, then updated, then deleted', async () => {
    const { user, customer } = await customerOf();
    const sub = { id: stripeId('sub'), customer, price: TEST_PRICES.pro.month };
    const t = nowSeconds();
    await deliver(testApp, subscriptionEvent('updated', { ...sub, status: 'past_due' }, t));
    await deliver(testApp, subscriptionEvent('created', { ...sub, status: 'incomplete' }, t));
    expect((await billingRowOf(testApp, user.id))?.status).toBe('past_due');
  });

  test('invoice.payment_failed makes the plan past_due (kept while Stripe retries); invoice.paid restores it', async () => {
    const { user, customer } = await customerOf();
    const id = stripeId('sub');
    const t = nowSeconds() - 100;
    await deliver(
      testApp,
      subscriptionEvent('created', { id, customer, price: TEST_PRICES.pro.month, status: 'active' }, t),
    );
    await deliver(testApp, stripeEvent('invoice.payment_failed', invoiceObject(customer, id), t + 10));
    expect((await testApp.as(user).get('/api/billing')).json()).toMatchObject({ plan: 'pro', status: 'past_due' });
    // An older failure arriving after the recovery changes nothing.
    await deliver(testApp, stripeEvent('invoice.paid', invoiceObject(customer, id), t + 20));
    await deliver(testApp, stripeEvent('invoice.payment_failed', invoiceObject(customer, id), t + 15));
    expect((await billingRowOf(testApp, user.id))?.status).toBe('active');
  });

  test('a resubscription after a cancellation is a new subscription; the old one stays out of it', async () => {
    const { user, customer } = await customerOf();
    const old = { id: stripeId('sub'), customer, price: TEST_PRICES.basic.month };
    const fresh = { id: stripeId('sub'), customer, price: TEST_PRICES.advanced.month };
    const t = nowSeconds() - 100;
    await deliver(testApp, subscriptionEvent('created', { ...old, status: 'active' }, t));
    await deliver(testApp, subscriptionEvent('deleted', { ...old, status: 'canceled' }, t + 10));
    await deliver(testApp, subscriptionEvent('created', { ...fresh, status: 'active' }, t + 20));
    await deliver(testApp, subscriptionEvent('updated', { ...old, status: 'active' }, t + 5));
    expect(await billingRowOf(testApp, user.id)).toMatchObject({
      stripeSubscriptionId: fresh.id,
      plan: 'advanced',
      status: 'active',
    });
  });

  test('unknown event types and unknown customers: 200, ignored', async () => {
    const unknownType = await deliver(testApp, stripeEvent('charge.refunded', { id: stripeId('ch') }));
    expect(unknownType.statusCode).toBe(200);
    const unknownCustomer = await deliver(
      testApp,
      subscriptionEvent('created', {
        id: stripeId('sub'),
        customer: stripeId('cus'),
        price: TEST_PRICES.pro.month,
        status: 'active',
      }),
    );
    expect(unknownCustomer.statusCode).toBe(200);
  });
});
