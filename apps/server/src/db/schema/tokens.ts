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
