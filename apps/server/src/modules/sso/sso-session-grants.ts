import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refreshTokens, ssoSessions } from '../../db/schema';
import { hashToken, sealWith, unsealWith } from '../../lib/secure-tokens';
import type { SsoGrant } from './sso.service';

/**
 * The key a session's provider refresh token is sealed under: the server's secret and the session, so the
 * database alone (a backup, a dump) reveals no grant, and one session's key opens no other's.
 */
const sealingKeyOf = (serverSecret: string, sessionId: string) =>
  createHmac('sha256', serverSecret).update(`sso-session:${sessionId}`).digest('base64url');

export const sealGrantToken = (serverSecret: string, sessionId: string, refreshToken: string) =>
  sealWith(sealingKeyOf(serverSecret, sessionId), refreshToken);

/** The provider refresh token, or null when the seal does not open (the server's secret changed). */
export const unsealGrantToken = (serverSecret: string, sessionId: string, sealed: string) =>
  unsealWith(sealingKeyOf(serverSecret, sessionId), sealed);

/** Keeps the grant for the session the app's `refreshToken` belongs to, just started by the hand-off. */
export async function keepSessionGrant(
  db: Database,
  serverSecret: string,
  appRefreshToken: string,
  grant: SsoGrant,
): Promise<void> {
  const [token] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(appRefreshToken)));
  if (!token) return;
  await db.insert(ssoSessions).values({
    sessionId: token.sessionId,
    identityId: grant.identityId,
    sealedRefreshToken: sealGrantToken(serverSecret, token.sessionId, grant.refreshToken),
    checkedAt: new Date(),
  });
}
