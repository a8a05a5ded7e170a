import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, storedFileColumns, updatedAt } from './columns';
import { users } from './users';

/**
 * Virtual desktops. Exactly one of `ownerId` (a signed-in user's desktop, created on first
 * use) and `networkKey` (the LAN desktop of one network: an HMAC of the network, never an address) is set.
 * `shareToken` (256 random bits) opens the desktop to whoever holds it; null when not shared.
 */
export const desktops = pgTable(
  'desktops',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    networkKey: text('network_key'),
    shareToken: text('share_token'),
    /** One more with every block added, changed or removed (a trigger, migration 0012): the answers' version. */
    itemsVersion: bigint('items_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('desktops_owner_unique').on(table.ownerId),
    uniqueIndex('desktops_network_unique').on(table.networkKey),
    uniqueIndex('desktops_share_token_unique').on(table.shareToken),
    check('desktops_one_holder', sql`(${table.ownerId} is null) <> (${table.networkKey} is null)`),
  ],
);

/** Text and file blocks on a desktop, with where they sit (pixels); a file's bytes are in the FileStore. */
export const desktopItems = pgTable(
  'desktop_items',
  {
    id: text('id').primaryKey(),
    desktopId: text('desktop_id')
      .notNull()
      .references(() => desktops.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'file'] }).notNull(),
    content: text('content').notNull().default(''),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    ...storedFileColumns(),
    /** One more with every change of the block: a layout save names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A desktop's blocks in the order they were added.
    index('desktop_items_desktop_created_idx').on(table.desktopId, table.createdAt, table.id),
    // The LAN desktops' expiry sweep: blocks untouched for 24 h.
    index('desktop_items_updated_idx').on(table.updatedAt),
  ],
);
