import type { Database } from '../../db/client';
import type { personalAccessTokens, users } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { AppContext } from '../../app-context';

export interface TokensContext {
  db: Database;
  /** Revoking a token emits `session.revoked` for its session: the cache, other nodes and its sockets hear it. */
  events: DomainEvents;
}

export type TokenRow = typeof personalAccessTokens.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function createTokensContext(ctx: AppContext): TokensContext {
  return { db: ctx.db, events: ctx.events };
}
