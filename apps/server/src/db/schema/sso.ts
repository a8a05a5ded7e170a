import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * An account's identity at an OpenID Connect provider: the provider's (issuer, subject) pair is who signs in,
 * never the address, which the provider may change. `email` is the address the provider gave when it was linked.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_identities_issuer_subject_unique').on(table.issuer, table.subject),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/**
 * Sign-ins sent to the provider and not yet back: the browser holds only the state (in a cookie); its hash
 * finds the nonce and PKCE verifier here, and the row is deleted as it is used, so a state works once.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    /** Set when a signed-in user links their account: the identity joins this account instead of signing in. */
    linkUserId: text('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_logins_expires_idx').on(table.expiresAt)],
);

/**
 * A finished sign-in waiting for its browser: the callback keeps the account here under the hash of a one-use
 * code that only that browser holds (an httpOnly cookie), and the web's completion call trades it for a
 * session. No token ever travels in a URL, and a session cannot be planted in another browser.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The identity signed in with, and the provider's refresh token sealed under the code: the session's grant. */
    identityId: text('identity_id').references(() => userIdentities.id, { onDelete: 'cascade' }),
    sealedRefreshToken: text('sealed_refresh_token'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_handoffs_expires_idx').on(table.expiresAt)],
);
