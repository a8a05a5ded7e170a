import type { DevicePublicKeyJwk } from '@clipsync/shared';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * An account's devices: each signed-in browser or installed app that registered itself, and each CLI
 * signed in by a device grant. A device is its session (one each, cascade): revoking the session signs the
 * device out, and a device is listed only while its session is live. `kind`: browser, app or cli.
 */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    /** Written when its socket connects or disconnects, and at most once a minute from its HTTP calls. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** What it does with a send addressed to it: ask, accept (cli and app only) or off. */
    receivePolicy: text('receive_policy').notNull().default('ask'),
    /** Its ECDSA P-256 public key (JWK) for nearness proofs (decision 030); null until it registers one. */
    publicKey: jsonb('public_key').$type<DevicePublicKeyJwk>(),
  },
  (table) => [uniqueIndex('devices_session_unique').on(table.sessionId), index('devices_user_idx').on(table.userId)],
);
