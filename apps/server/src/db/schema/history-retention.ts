import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/**
 * What a user chose under "Keep my history for" (modules/history-retention/): no row, forever with favourites
 * kept. `days` null is forever too (a row kept for its `includeFavorites`). The retention job reads it beside
 * the operator's cap (CLIP_RETENTION_DAYS, or the console's) and deletes older clips in batches.
 */
export const historyRetention = pgTable('history_retention', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  days: integer('days'),
  includeFavorites: boolean('include_favorites').notNull().default(false),
  updatedAt: updatedAt(),
});
