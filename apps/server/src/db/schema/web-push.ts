import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clips } from './clips';
import { createdAt } from './columns';
import { devices } from './devices';
import { rooms } from './rooms';

/**
 * A device's Web Push subscription (modules/web-push/), one per device: the push service's endpoint and the
 * browser's keys the payload is encrypted to. It goes with the device, and when its session ends (a signed-out
 * browser is not notified). `failures` counts failed pushes in a row; the row goes after too many.
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
});

/**
 * What a device is notified of, kept apart from its subscription so that turning notifications off and on
 * again keeps the choices. No row: the defaults (shared PushPreferences).
 */
export const pushPreferences = pgTable('push_preferences', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  sends: boolean('sends').notNull().default(true),
  signIns: boolean('sign_ins').notNull().default(true),
  shareViews: boolean('share_views').notNull().default(false),
  showText: boolean('show_text').notNull().default(false),
});

/** The rooms a device follows for Web Push; a deleted room goes from every list. */
export const pushFollowedRooms = pgTable(
  'push_followed_rooms',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.roomId] }),
    index('push_followed_rooms_room_idx').on(table.roomId),
  ],
);

/**
 * A private share's first view, once announced to its owner: the insert that wins (on any node) pushes, and
 * a refresh or a later view finds the row. Keyed by the link's id, so a renewed link is announced anew.
 */
export const pushAnnouncedShareViews = pgTable(
  'push_announced_share_views',
  {
    clipId: text('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    shareId: text('share_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.clipId, table.shareId] })],
);
