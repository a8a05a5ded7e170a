import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * An admin's invitations to sign up by e-mail. The mailed token is stored only as its hash. An address has
 * at most one open invitation (neither accepted nor revoked): inviting it again renews that one.
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The latest mail's time: the list's order, and what the expiry counts from. */
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('admin_invitations_token_hash_unique').on(table.tokenHash),
    uniqueIndex('admin_invitations_open_email_unique')
      .on(table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('admin_invitations_sent_at_idx').on(table.sentAt.desc(), table.id.desc()),
  ],
);
