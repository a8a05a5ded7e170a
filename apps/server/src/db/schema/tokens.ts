import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * Personal access tokens, stored only as SHA-256 hashes. Each has a session of its own, so revoking the
 * token is revoking that session: the session cache, the other nodes and the token's sockets hear it the
 * way they hear a sign-out.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** `manual` (settings page or API) or `device` (a device sign-in). */
    source: text('source').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedClient: text('last_used_client'),
  },
  (table) => [
    uniqueIndex('personal_access_tokens_hash_unique').on(table.tokenHash),
    uniqueIndex('personal_access_tokens_session_unique').on(table.sessionId),
    index('personal_access_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Device sign-ins waiting for, or given, a browser's approval (RFC 8628). The device code is stored as its
 * SHA-256; the user code (8 characters, no look-alikes) is what the user types, stored without its dash. `status`: pending, approved, denied, or used once its token was answered.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCode: text('user_code').notNull(),
    clientName: text('client_name').notNull(),
    scopes: text('scopes').array().notNull(),
    status: text('status').notNull().default('pending'),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /**
     * The network the device asked from, as an HMAC fingerprint of its grouping key (lib/network-key.ts),
     * never an address: the approving page is told only whether it is the browser's own. Null when unknown.
     */
    networkFingerprint: text('network_fingerprint'),
  },
  (table) => [
    uniqueIndex('device_authorizations_device_code_unique').on(table.deviceCodeHash),
    uniqueIndex('device_authorizations_user_code_unique').on(table.userCode),
    index('device_authorizations_expires_idx').on(table.expiresAt),
  ],
);
