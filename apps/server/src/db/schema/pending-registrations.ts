import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The sign-ups of an address that is not confirmed yet, each with the name and password it chose (decision 039).
 * None is the account's until a confirmation link of the address is used together with its password; then that
 * one becomes the account's and every other row of the account is dropped.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pending_registrations_user_idx').on(table.userId)],
);
