import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Clips. `isDraft` (no text and no files) and `hasFiles` are kept by the service on every change, so
 * history, filters and stats are plain indexed predicates instead of joins over clip_files.
 */
export const clips = pgTable(
  'clips',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    isFavorite: boolean('is_favorite').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(true),
    hasFiles: boolean('has_files').notNull().default(false),
    /**
     * The names of the clip's files, one a line, kept with `hasFiles` by every file change: search reads
     * them beside the text through one index instead of a join over clip_files.
     */
    fileNames: text('file_names').notNull().default(''),
    /**
     * End-to-end encrypted (docs/encryption.md): `content` is an envelope and every file is sealed, so search
     * skips the clip and nothing about it is rendered. Fixed when the clip is made.
     */
    encrypted: boolean('encrypted').notNull().default(false),
    /**
     * Sealed by its owner's end-to-end encrypted clipboard (docs/encryption.md#account-keys): the clip's own key,
     * wrapped by the account's sealing key, which only the owner's unlocked devices hold. The clip is
     * `encrypted` too: its text and files are sealed with that clip key in the shares' format, so a link to it is
     * the usual `#k=` link. Null for every other clip. Fixed when the clip is made.
     */
    wrappedKey: text('wrapped_key'),
    /**
     * What search matches, kept by the database: the text and the file names, lowercased, so a search is a
     * `LIKE` on the stored copy instead of an `ILIKE` that lowercases every candidate row (4.4× cheaper
     * counting 1 001 matches; bench/README.md, history). Empty for an encrypted clip, whose text is an
     * envelope. Only search reads it: every other query names `clipColumns`, so a clip is read without it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${clips.encrypted} then '' else lower(${clips.content} || E'\\n' || ${clips.fileNames}) end`,
      ),
    /** One more with every save of the text: an edit names the version it started from, so a stale one is refused. */
    version: integer('version').notNull().default(1),
    /**
     * The id others reach the clip by (decision 026): the clip's own id until its owner stops the link, null
     * while stopped, a new random id once shared again. A trigger (migration 0018) fills it on insert.
     */
    shareId: text('share_id'),
    /** The link answers 404 from this moment; the expiry job then ends it (and empties the clip if asked). */
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    /**
     * When the owner last set that expiry: its length (the expiry minus this) is what "Share again" offers
     * once the link ended. Null with no expiry, and for expiries set before it was kept.
     */
    shareExpirySetAt: timestamp('share_expiry_set_at', { withTimezone: true }),
    /** Views the link allows (null: unlimited); `shareViewsUsed` counts those spent by POST /open. */
    shareMaxViews: integer('share_max_views'),
    shareViewsUsed: integer('share_views_used').notNull().default(0),
    /** When the last view was spent: the expiry job ends the link a little later (SPENT_CLIP_GRACE_MS). */
    shareSpentAt: timestamp('share_spent_at', { withTimezone: true }),
    /** Argon2id of the link's password; never the password. */
    sharePasswordHash: text('share_password_hash'),
    /**
     * Set by the expiry job once the link ended: 'expired' or 'viewed' (every view spent). The clip keeps its
     * content unless `shareDeleteAfter`, in which case the job emptied it.
     */
    shareState: text('share_state', { enum: ['expired', 'viewed'] }),
    /** The owner chose "Delete the clip when the link ends": the expiry job empties it rather than keep it. */
    shareDeleteAfter: boolean('share_delete_after').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('clips_share_id_idx').on(table.shareId),
    // The expiry job's two questions, over live links with a limit only.
    index('clips_share_expiry_idx')
      .on(table.shareExpiresAt)
      .where(sql`${table.shareExpiresAt} is not null and ${table.shareState} is null`),
    index('clips_share_spent_idx')
      .on(table.shareSpentAt)
      .where(sql`${table.shareSpentAt} is not null and ${table.shareState} is null`),
    // History: one user's non-draft clips, newest first; filters narrow within this range.
    index('clips_history_idx').on(table.userId, table.isDraft, table.createdAt.desc(), table.id.desc()),
    index('clips_favorites_idx')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isFavorite} and not ${table.isDraft}`),
    index('clips_drafts_idx')
      .on(table.createdAt)
      .where(sql`${table.isDraft}`),
    // Search: one user's clips whose search text contains the term (pg_trgm and btree_gin).
    index('clips_user_search_text_trgm_idx').using('gin', table.userId, sql`${table.searchText} gin_trgm_ops`),
  ],
);

export const clipFiles = pgTable(
  'clip_files',
  {
    id: text('id').primaryKey(),
    clipId: text('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    /**
     * The clip's owner, kept beside each file so that the storage quota sums one user's files through
     * `clip_files_user_size_idx` instead of joining every file of the server to the user's clips (migration 0026).
     */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** Server-generated key in the FileStore; never a user-given path. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('clip_files_clip_idx').on(table.clipId, table.createdAt),
    index('clip_files_user_size_idx').on(table.userId, table.size),
  ],
);

/**
 * Each user's non-draft clip counts, kept by triggers on `clips` (migration 0004) in the same
 * transaction as every change, so totals and stats are one row instead of a pass over every clip.
 */
export const clipCounts = pgTable('clip_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  textOnly: integer('text_only').notNull().default(0),
  /**
   * Moves on at every change of one of the user's clips (its row: text, files' names, favourite, link), in the
   * change's transaction (the trigger of migration clip_history_version): an answer of their history remembered under a version is
   * theirs until this moves.
   */
  version: integer('version').notNull().default(0),
});

/**
 * Each open of a clip by someone else than its owner, for the owner's view log: coarse device and browser
 * from the user agent, the signed-in viewer if any, whether it spent a view. Never an address. The newest
 * CLIP_VIEW_LOG_SIZE per clip are kept (the insert trims the rest in the same statement).
 */
export const clipViews = pgTable(
  'clip_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clipId: text('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    device: text('device', { enum: ['phone', 'tablet', 'desktop', 'bot'] }).notNull(),
    browser: text('browser', { enum: ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'other'] }).notNull(),
    viewerId: text('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    spentView: boolean('spent_view').notNull(),
    /**
     * Logged by a read that said it refreshes a visit (`?refresh=true`) when no entry of that visit was written
     * yet: with several nodes, the visit's open may still wait in another node's view batch. That open, once
     * written, takes this entry's place instead of adding a second one (clip-view-batch.ts).
     */
    isFromRefresh: boolean('is_from_refresh').notNull().default(false),
  },
  (table) => [index('clip_views_clip_idx').on(table.clipId, table.id.desc())],
);
