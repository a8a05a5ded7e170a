import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A kept file of a waiting share: its cleaned name and type, its size and where its bytes are. */
export interface ShareClaimStoredFile {
  name: string;
  type: string;
  size: number;
  storageKey: string;
}

/**
 * A share that reached `POST /share-target` with no service worker to catch it (docs/security.md#shares-kept-for-a-claim), waiting for a
 * signed-in user to claim it. Only the claim link's SHA-256 hash is stored, and nothing of the sender: its
 * address only counts toward a limit in memory (or Redis). `totalBytes` is the files' bytes, for the global
 * cap on what waits.
 */
export const shareClaims = pgTable(
  'share_claims',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    content: text('content').notNull(),
    files: jsonb('files').$type<ShareClaimStoredFile[]>().notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('share_claims_token_unique').on(table.tokenHash),
    index('share_claims_expires_idx').on(table.expiresAt),
  ],
);
