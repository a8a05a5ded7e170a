import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clips } from './clips';
import { createdAt } from './columns';
import { devices } from './devices';
import { users } from './users';

/**
 * Text or a clip sent to one of the user's devices (decision 028, docs/features.md#my-devices), kept until that device
 * acknowledges it. Delivery is driven from these rows, so it survives a restart and works across nodes:
 * `delivered_at` is when it was last handed to a socket (sent again 30 s later while `acked_at` is null).
 * The target device's removal drops what waits for it; the sending device's keeps the send, and its name
 * in `from_name`. `text` is null for a clip, and once acknowledged (a trigger counts the waiting text in
 * the sender's `text_usage`). With `wrapped_key` the text is sealed (docs/encryption.md#account-keys). A row goes at `expires_at`, acknowledged or not.
 */
export const deviceSends = pgTable(
  'device_sends',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDeviceId: text('from_device_id').references(() => devices.id, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    toDeviceId: text('to_device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** Set by a device of an end-to-end encrypted clipboard: `text` is then an envelope sealed by this clip key. */
    wrappedKey: text('wrapped_key'),
    clipId: text('clip_id').references(() => clips.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (table) => [
    index('device_sends_to_idx').on(table.toDeviceId, table.createdAt),
    index('device_sends_redeliver_idx').on(table.deliveredAt),
    index('device_sends_expires_idx').on(table.expiresAt),
  ],
);
