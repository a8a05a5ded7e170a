import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { userIdentities } from './sso';

/**
 * A session started through the provider, with the provider's grant behind it: its refresh token, sealed under
 * a key of the server's secret and the session (never kept in clear), asked again at the app's refresh once
 * `checked_at` is old enough. Ends with its session; unlinking the identity drops the grant (the session then
 * lives as a password session does).
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    identityId: text('identity_id')
      .notNull()
      .references(() => userIdentities.id, { onDelete: 'cascade' }),
    sealedRefreshToken: text('sealed_refresh_token').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_sessions_identity_idx').on(table.identityId)],
);
