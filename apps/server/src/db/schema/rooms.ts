import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, storedFileColumns, updatedAt } from './columns';
import { users } from './users';

/**
 * Rooms. `updatedAt` is the last activity (bumped with every activity entry); `memberCount` is kept by the
 * service in the transaction of every membership change, so the list sorts and buckets by it without a
 * pass over room_members. `shareToken` (256 random bits) joins whoever holds it; the owner may rotate it.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareToken: text('share_token').notNull(),
    memberCount: integer('member_count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('rooms_share_token_unique').on(table.shareToken)],
);

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.userId] }),
    // The rooms list starts from the caller's memberships.
    index('room_members_user_idx').on(table.userId),
    // Members in joining order: the detail's list and the list's first 3 avatars.
    index('room_members_room_joined_idx').on(table.roomId, table.joinedAt),
  ],
);

/** Text and files of a room; a file's bytes are in the FileStore under `storageKey`. */
export const roomContent = pgTable(
  'room_content',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'file'] }).notNull(),
    content: text('content').notNull().default(''),
    ...storedFileColumns(),
    /** One more with every edit of the text: an edit names the version it started from, so a stale one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The content tab: one room's items, newest first; filters narrow within this range.
    index('room_content_room_created_idx').on(table.roomId, table.createdAt.desc(), table.id.desc()),
    // The User filter's choices (distinct authors) and the `user` filter, read from the index alone.
    index('room_content_room_user_idx').on(table.roomId, table.userId),
    // The Type filter's count (`type=file`) from the index alone, instead of reading every item's row.
    index('room_content_room_type_idx').on(table.roomId, table.type),
    // Search within one room's text and file names (pg_trgm and btree_gin, as clips): ILIKE '%…%' read
    // every item, lower-casing each text (25 ms of a search's count at 5 000 items).
    index('room_content_room_search_trgm_idx').using(
      'gin',
      table.roomId,
      sql`${table.content} gin_trgm_ops`,
      sql`${table.fileName} gin_trgm_ops`,
    ),
    // Uploaded bytes per user, for the storage quota shared with clip files.
    index('room_content_user_files_idx')
      .on(table.userId)
      .where(sql`${table.storageKey} is not null`),
  ],
);

/** The activity log (its types: `RoomActivityType`), written in the transaction of the change it records. */
export const roomActivity = pgTable(
  'room_activity',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('room_activity_room_created_idx').on(table.roomId, table.createdAt.desc(), table.id.desc())],
);

/**
 * Who the owner removed from a room. Joining by the invite link, opening a public room and a member's
 * invitation all refuse them while the row stands; only an invitation from the owner, once accepted,
 * deletes it.
 */
export const roomRemovals = pgTable(
  'room_removals',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.userId] })],
);

/**
 * Invitations by e-mail, pending until the address's account accepts (by the mailed link, or by
 * confirming a new account with that address). One per room and address: inviting again replaces the
 * token and the expiry and makes it pending again. The token is mailed; only its hash is stored.
 */
export const roomInvitations = pgTable(
  'room_invitations',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Kept once accepted, so that the mailed link still leads its member to the room. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('room_invitations_room_email_unique').on(table.roomId, table.email),
    uniqueIndex('room_invitations_token_hash_unique').on(table.tokenHash),
    // Accepting on confirmation finds an address's invitations.
    index('room_invitations_email_idx').on(table.email),
  ],
);
