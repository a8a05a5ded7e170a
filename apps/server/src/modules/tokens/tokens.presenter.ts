import { TOKEN_SCOPES, type TokenScope, type TokenSummary } from '@clipsync/shared';
import type { TokenRow } from './tokens.context';

const isScope = (scope: string): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope);

export function presentToken(row: TokenRow): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isScope),
    source: row.source === 'device' ? 'device' : 'manual',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedClient: row.lastUsedClient,
  };
}
