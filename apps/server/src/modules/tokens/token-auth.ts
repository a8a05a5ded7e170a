import { TOKEN_LAST_USED_WRITE_MS, TOKEN_SCOPES, type TokenScope } from '@clipsync/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { personalAccessTokens } from '../../db/schema';
import type { SignedInActor } from '../../lib/actor';
import { hashToken } from '../../lib/secure-tokens';
import { describeClient } from '../../lib/client-description';
import { isWellFormedPersonalToken } from './token-format';

interface KnownToken {
  tokenId: string;
  userId: string;
  sessionId: string;
  scopes: TokenScope[];
  /** Unix seconds; far ahead for a token without an expiry (its session's own expiry). */
  expiresAt: number;
}

const TOKEN_SCOPES_SET: ReadonlySet<string> = new Set(TOKEN_SCOPES);

/** Tokens remembered by hash at most; the one read longest ago goes first. */
const KNOWN_MAX = 10_000;

export interface PersonalTokenAuth {
  /** The caller a personal token stands for, or null when it is malformed, unknown, expired or revoked. */
  authenticate(token: string, userAgent: string | undefined): Promise<SignedInActor | null>;
}

/**
 * Turns a `csp_…` token into its caller, for the request plugin and the socket handshake alike. A token's
 * row never changes but for its last use, so it is remembered by hash; whether it still works is its
 * session's liveness, which the session cache answers and every revocation updates at once.
 */
export function createPersonalTokenAuth(options: {
  db: Database;
  isSessionActive: (sessionId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}): PersonalTokenAuth {
  const known = new Map<string, KnownToken>();
  const lastWritten = new Map<string, number>();

  async function lookup(tokenHash: string): Promise<KnownToken | null> {
    const remembered = known.get(tokenHash);
    if (remembered) return remembered;
    const [row] = await options.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.tokenHash, tokenHash));
    if (!row) return null;
    const entry: KnownToken = {
      tokenId: row.id,
      userId: row.userId,
      sessionId: row.sessionId,
      scopes: row.scopes.filter((scope): scope is TokenScope => TOKEN_SCOPES_SET.has(scope)),
      expiresAt: row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : Number.MAX_SAFE_INTEGER,
    };
    known.set(tokenHash, entry);
    if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as string);
    return entry;
  }

  /**
   * The last use, written at most once a minute per token: by this node (the map) and across nodes (the
   * UPDATE only matches a row not written within the minute). Off the request's path; a failure is logged.
   */
  function noteUse(token: KnownToken, userAgent: string | undefined): void {
    const now = Date.now();
    if (now - (lastWritten.get(token.tokenId) ?? 0) < TOKEN_LAST_USED_WRITE_MS) return;
    lastWritten.set(token.tokenId, now);
    if (lastWritten.size > KNOWN_MAX) lastWritten.delete(lastWritten.keys().next().value as string);
    const staleBefore = new Date(now - TOKEN_LAST_USED_WRITE_MS);
    options.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: new Date(now), lastUsedClient: describeClient(userAgent) })
      .where(
        and(
          eq(personalAccessTokens.id, token.tokenId),
          or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, staleBefore)),
        ),
      )
      .catch((error: unknown) => options.log.warn({ err: error }, "a token's last use could not be written"));
  }

  return {
    async authenticate(token, userAgent) {
      if (!isWellFormedPersonalToken(token)) return null;
      const found = await lookup(hashToken(token));
      if (!found || found.expiresAt <= Date.now() / 1000) return null;
      if (!(await options.isSessionActive(found.sessionId))) return null;
      noteUse(found, userAgent);
      return { userId: found.userId, sessionId: found.sessionId, expiresAt: found.expiresAt, scopes: found.scopes };
    },
  };
}
