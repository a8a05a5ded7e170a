import type { BillingAccountRow } from './billing-state';

/**
 * Whether a Stripe event may change an account, decided by the subscription's own state and the events'
 * own times, never by arrival order: Stripe delivers at least once, in no guaranteed order.
 */

/** Within one second (Stripe's `created` resolution), a subscription is created, then changed, then deleted. */
export const EVENT_RANK = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'invoice.paid': 1,
  'invoice.payment_failed': 1,
  'customer.subscription.deleted': 2,
} as const;
export type OrderedEventType = keyof typeof EVENT_RANK;

export interface EventOrder {
  at: Date;
  rank: number;
}

export function orderOf(event: { created: number; type: OrderedEventType }): EventOrder {
  return { at: new Date(event.created * 1000), rank: EVENT_RANK[event.type] };
}

/** Stripe never revives these: a subscription in them is over for good. */
export function isEnded(status: string | null | undefined): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

type Ordered = Pick<BillingAccountRow, 'subscriptionEventAt' | 'subscriptionEventRank'>;

/** The incoming event happened after (or with) the last one applied. */
function isNotOlder(account: Ordered, incoming: EventOrder): boolean {
  const at = account.subscriptionEventAt;
  if (!at) return true;
  if (incoming.at.getTime() !== at.getTime()) return incoming.at > at;
  return incoming.rank >= (account.subscriptionEventRank ?? 0);
}

/**
 * A subscription event may apply to the account when it is about the account's subscription, which has
 * not ended (a late `created` never resurrects a deleted one), and is not older than the last one applied;
 * or when the account has no subscription, or only an ended one and the event is newer than its last.
 */
export function mayApplySubscriptionEvent(
  account: Pick<BillingAccountRow, 'stripeSubscriptionId' | 'status'> & Ordered,
  subscriptionId: string,
  incoming: EventOrder,
): boolean {
  if (!account.stripeSubscriptionId) return true;
  if (account.stripeSubscriptionId === subscriptionId) return !isEnded(account.status) && isNotOlder(account, incoming);
  return isEnded(account.status) && isNotOlder(account, incoming);
}
