import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A user's Stripe customer and subscription. No row yet: the account is on its
 * free trial (users.created_at + TRIAL_DAYS). `status` is Stripe's own subscription status, kept as
 * Stripe wrote it; the presenter reduces it to the four the API shows. `subscriptionEventAt` and
 * `subscriptionEventRank` are the order of the last subscription event applied, so an older event that
 * arrives late never rolls the state back.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    plan: text('plan', { enum: ['basic', 'pro', 'advanced'] }),
    interval: text('interval', { enum: ['month', 'year'] }),
    status: text('status'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    subscriptionEventRank: integer('subscription_event_rank'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('billing_accounts_customer_unique').on(table.stripeCustomerId)],
);

/** Stripe event ids already applied: inserted in the same transaction as the event's effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
