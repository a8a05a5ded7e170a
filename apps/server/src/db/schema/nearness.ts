import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { devices } from './devices';
import { users } from './users';

/**
 * A nonce issued to one device (`issuer_device`, device A) for proving it is near another of the account's
 * devices (`other_device`, B): single use (`used_at` set by the first proof attempt), valid until
 * `expires_at`, gone with either device (decision 030).
 */
export const nearChallenges = pgTable(
  'near_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuerDevice: text('issuer_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    otherDevice: text('other_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('near_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * Two devices of one account proved near (both signed a challenge's nonce exchanged over a host-only data
 * channel), until `expires_at`. One row per pair, `device_a` < `device_b`; a new proof renews it. Gone with
 * either device.
 */
export const deviceNearness = pgTable(
  'device_nearness',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceA: text('device_a')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deviceB: text('device_b')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    provedAt: timestamp('proved_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceA, table.deviceB] }),
    index('device_nearness_device_b_idx').on(table.deviceB),
    check('device_nearness_ordered', sql`${table.deviceA} < ${table.deviceB}`),
  ],
);
