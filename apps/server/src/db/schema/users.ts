import { sql } from 'drizzle-orm';
// Without zod: the embedded database's worker loads the tables (database-worker.ts).
import { PLAN_IDS, USER_ROLES } from '@clipsync/shared/without-zod';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Set by an admin: the account can neither sign in nor use a session or token it holds. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** An admin's storage quota for this account, in bytes; null keeps the plan's. */
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
    /** A plan an admin gave without Stripe, until `grantedPlanUntil`; it wins over Stripe's and the trial's while it lasts. */
    grantedPlan: text('granted_plan', { enum: PLAN_IDS }),
    grantedPlanUntil: timestamp('granted_plan_until', { withTimezone: true }),
    /**
     * The account's last authenticated call, written at most once per USER_LAST_SEEN_WRITE_MS (modules/admin/
     * users-last-seen.ts); null if it never made one since the column exists. Kept here, not read from devices
     * or sessions, so the console sorts 100 000 accounts by it through one index.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Bytes the account keeps (the storage quota's sum: text_usage plus its files in clips, rooms and on its
     * desktop), kept by triggers in the transaction of every change so the console can sort by it.
     */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
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
    // The console's users directory: one index per sort (id breaks ties, so pages neither repeat nor skip)
    // and trigram indexes for a search inside names and addresses.
    index('users_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('users_last_seen_idx').on(table.lastSeenAt.desc().nullsLast(), table.id.desc()),
    index('users_stored_bytes_idx').on(table.storedBytes.desc(), table.id.desc()),
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);
