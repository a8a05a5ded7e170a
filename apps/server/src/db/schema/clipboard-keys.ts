import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { WrappedAccountKey } from '@clipsync/shared';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * An account's end-to-end encrypted clipboard key (modules/clipboard-key/, docs/encryption.md#account-keys):
 * its public id, its two wrapped copies (by the passphrase and by the recovery key) and the SHA-256 (base64url)
 * of each copy's unlock proof. No row: the clipboard is not sealed. Nothing here opens the key without the
 * passphrase or the recovery key, which never reach the server.
 */
export const clipboardKeys = pgTable('clipboard_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  passphraseCopy: jsonb('passphrase_copy').$type<WrappedAccountKey>().notNull(),
  passphraseProofHash: text('passphrase_proof_hash').notNull(),
  recoveryCopy: jsonb('recovery_copy').$type<WrappedAccountKey>().notNull(),
  recoveryProofHash: text('recovery_proof_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
