import { BILLING_INTERVALS, PLAN_IDS, type BillingInterval, type PlanId } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BillingConfig } from '../../config/env';
import { billingAccounts, stripeEvents, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { planOfPrice, requirePayments, type BillingContext, type Transaction } from './billing.context';
import type { BillingAccountRow } from './billing-state';
import { isEnded, mayApplySubscriptionEvent, orderOf, type EventOrder } from './subscription-order';

// `POST /api/stripe/webhook`: a signed Stripe event, applied at most once, in the transaction that records it.

const HANDLED_TYPES = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

type AccountUpdate = Partial<typeof billingAccounts.$inferInsert>;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** Checks the signature on the raw body (Stripe's default tolerance of 300 s) and parses the event. */
function verifiedEvent(ctx: BillingContext, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  const payments = requirePayments(ctx);
  try {
    return payments.stripe.webhooks.constructEvent(rawBody, signature ?? '', payments.config.webhookSecret);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The Stripe signature is missing, invalid or too old.');
  }
}

/**
 * Applies a signed Stripe event. Its id goes into `stripe_events` in the same transaction as its effect:
 * a replay, or the same event delivered twice at once, finds the id taken and changes nothing (on
 * PostgreSQL the second insert waits for the first transaction, then does nothing). Unknown types: ignored.
 */
export async function handleStripeWebhook(
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const event = verifiedEvent(ctx, rawBody, signature);
  if (!HANDLED_TYPES.has(event.type)) return;
  const config = requirePayments(ctx).config;
  await ctx.db.transaction(async (tx) => {
    const [isFirst] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (isFirst) await applyEvent(tx, config, event);
  });
}

async function applyEvent(tx: Transaction, config: BillingConfig, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return applyCheckoutCompleted(tx, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(tx, config, event.data.object, orderOf(event), event.type.endsWith('.deleted'));
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return applyInvoice(tx, event.data.object, orderOf(event), event.type === 'invoice.paid');
    default:
      return;
  }
}

/**
 * The account an event is about, locked for the rest of the transaction: by Stripe customer, else by the
 * user id the checkout put on the session and subscription (the customer may not be stored yet).
 */
async function lockAccount(
  tx: Transaction,
  { customerId, userId }: { customerId: string | undefined; userId: string | null | undefined },
): Promise<BillingAccountRow | undefined> {
  if (customerId) {
    const [byCustomer] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.stripeCustomerId, customerId))
      .for('update');
    if (byCustomer) return byCustomer;
  }
  if (!userId) return undefined;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  await tx
    .insert(billingAccounts)
    .values({ userId, stripeCustomerId: customerId ?? null })
    .onConflictDoNothing();
  const [byUser] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).for('update');
  return byUser;
}

async function updateAccount(tx: Transaction, userId: string, update: AccountUpdate): Promise<void> {
  await tx
    .update(billingAccounts)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(billingAccounts.userId, userId));
}

function planFromMetadata(metadata: Stripe.Metadata | null): { plan: PlanId; interval: BillingInterval } | undefined {
  const plan = PLAN_IDS.find((id) => id === metadata?.plan);
  const interval = BILLING_INTERVALS.find((id) => id === metadata?.interval);
  return plan && interval ? { plan, interval } : undefined;
}

/**
 * Only a paid session (or one with nothing to pay, a trial) is a purchase: a delayed payment method
 * completes the session `unpaid`, and the plan waits for `checkout.session.async_payment_succeeded`, which
 * carries the same session, paid; `async_payment_failed` is not handled, so it never gives a plan.
 */
const PURCHASED = new Set<string>(['paid', 'no_payment_required']);

/**
 * The purchase finished. When the subscription's own events came first they decide its state (a deleted
 * one stays deleted) and this only fills in the plan; otherwise the plan is active until they arrive.
 */
async function applyCheckoutCompleted(tx: Transaction, session: Stripe.Checkout.Session): Promise<void> {
  if (session.mode !== 'subscription' || !PURCHASED.has(session.payment_status)) return;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  const account = await lockAccount(tx, { customerId, userId: session.client_reference_id });
  if (!account || !subscriptionId) return;
  const planned = planFromMetadata(session.metadata);
  const update: AccountUpdate = account.stripeCustomerId || !customerId ? {} : { stripeCustomerId: customerId };
  if (account.stripeSubscriptionId === subscriptionId) {
    if (!account.plan && planned) Object.assign(update, planned);
  } else {
    Object.assign(update, planned, {
      stripeSubscriptionId: subscriptionId,
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriptionEventAt: null,
      subscriptionEventRank: null,
    });
  }
  if (Object.keys(update).length > 0) await updateAccount(tx, account.userId, update);
}

/** The subscription as Stripe sent it: status, plan (from its price), trial, period end, cancellation. */
async function applySubscription(
  tx: Transaction,
  config: BillingConfig,
  subscription: Stripe.Subscription,
  order: EventOrder,
  isDeleted: boolean,
): Promise<void> {
  const account = await lockAccount(tx, {
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId,
  });
  if (!account || !mayApplySubscriptionEvent(account, subscription.id, order)) return;
  const items = subscription.items?.data ?? [];
  const priceId = items[0]?.price?.id;
  const planned = priceId ? planOfPrice(config, priceId) : undefined;
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end ?? 0));
  await updateAccount(tx, account.userId, {
    ...planned,
    stripeCustomerId: account.stripeCustomerId ?? idOf(subscription.customer) ?? null,
    stripeSubscriptionId: subscription.id,
    status: isDeleted ? 'canceled' : subscription.status,
    trialEndsAt: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    currentPeriodEnd: periodEnd > 0 ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    subscriptionEventAt: order.at,
    subscriptionEventRank: order.rank,
  });
}

/**
 * A renewal's outcome for the account's current subscription: a failed payment makes it `past_due` (the
 * plan is kept while Stripe retries); a paid invoice brings a `past_due` one back to `active`.
 */
async function applyInvoice(tx: Transaction, invoice: Stripe.Invoice, order: EventOrder, isPaid: boolean) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const account = await lockAccount(tx, { customerId: idOf(invoice.customer), userId: undefined });
  if (!account || !subscriptionId || account.stripeSubscriptionId !== subscriptionId) return;
  if (isEnded(account.status) || !mayApplySubscriptionEvent(account, subscriptionId, order)) return;
  const isLapsed = account.status === 'past_due' || account.status === 'unpaid';
  const isRunning = account.status === 'active' || account.status === 'trialing';
  // A first payment that fails leaves the subscription `incomplete`: that never becomes a plan here.
  const status = isPaid ? (isLapsed ? 'active' : undefined) : isRunning ? 'past_due' : undefined;
  if (!status) return;
  await updateAccount(tx, account.userId, {
    status,
    subscriptionEventAt: order.at,
    subscriptionEventRank: order.rank,
  });
}
