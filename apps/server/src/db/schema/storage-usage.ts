import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * UTF-8 bytes of the text each user keeps in clips and as the author of room items, kept by triggers on
 * `clips` and `room_content` in the transaction of every change: the storage quota counts text as well
 * as files, and summing a user's text on each save read every one of their clips (18 ms at 20 000 clips
 * on PGlite). Desktop text is summed directly: a desktop holds at most 500 blocks.
 */
export const textUsage = pgTable('text_usage', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});
