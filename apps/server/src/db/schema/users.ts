import { sql } from 'drizzle-orm';
import { USER_ROLES } from '@clipsync/shared';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Accounts. E-mail is stored lower-cased; the unique index makes sign-up race-free. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_role_known', sql`${table.role} in ('user', 'admin')`),
    // "Is there an admin?" is asked at every start and every sign-up until there is one: only admins are indexed.
    index('users_admin_idx')
      .on(table.id)
      .where(sql`${table.role} = 'admin'`),
  ],
);
