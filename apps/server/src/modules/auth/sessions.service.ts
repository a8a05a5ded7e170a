import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SessionTokens } from '@clipsync/shared';
import { refreshTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newId, newSecretToken, sealWith, unsealWith } from '../../lib/secure-tokens';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../lib/access-token';
import type { RefreshContext, SessionContext } from './auth.context';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A client that lost the refresh response may present the old token again this long and get the same child. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

async function issueTokens(
  ctx: SessionContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionTokens> {
  return {
    access_token: await signAccessToken(ctx.jwtSecret, { userId, sessionId }),
    refresh_token: refreshToken,
    expires_at: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS,
  };
}

/**
 * Whether the account ever had a session (a sign-in, or a token, which only a signed-in account makes): session
 * rows are kept once revoked or expired, so this says whether a sign-in is its first.
 */
export async function hasHadSession(db: Database, userId: string): Promise<boolean> {
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  return session !== undefined;
}

export async function startSession(ctx: SessionContext, userId: string): Promise<SessionTokens> {
  const sessionId = newId();
  const refreshToken = newSecretToken();
  await ctx.db.transaction(async (tx) => {
    // Shared lock: a disable racing this sign-in waits for the session to commit, then revokes it.
    const [user] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (!user || user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
    await tx.insert(sessions).values({ id: sessionId, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    await tx.insert(refreshTokens).values({ id: newId(), sessionId, tokenHash: hashToken(refreshToken) });
  });
  return issueTokens(ctx, userId, sessionId, refreshToken);
}

const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Invalid or expired refresh token');

/**
 * Rotates a refresh token. The conditional UPDATE lets exactly one of several concurrent calls rotate;
 * the others, and a retry within the grace period, get the same child back. A rotated token presented
 * later is a stolen or replayed one: the whole session (its token family) is revoked. The holder of a real
 * token of a disabled account is told why it ends (its sessions were revoked when it was disabled). A session
 * another area's check ends (sso: the provider no longer vouches for the person) is revoked and refused.
 */
export async function rotateRefreshToken(ctx: RefreshContext, presented: string): Promise<SessionTokens> {
  const [row] = await ctx.db
    .select({ token: refreshTokens, session: sessions, disabledAt: users.disabledAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row?.disabledAt) throw new AppError('ACCOUNT_DISABLED');
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
  const { token, session } = row;
  const endReason = await ctx.sessionChecks.endReasonOf({ sessionId: session.id, userId: session.userId });
  if (endReason) {
    await revokeSession(ctx, session.id, endReason);
    throw invalidRefresh();
  }

  const child = newSecretToken();
  const rotated = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date(), sealedSuccessor: sealWith(presented, child) })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (!claimed) return false;
    await tx.insert(refreshTokens).values({ id: newId(), sessionId: session.id, tokenHash: hashToken(child) });
    return true;
  });
  if (rotated) return issueTokens(ctx, session.userId, session.id, child);

  const [current] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.id, token.id));
  const successor = current?.sealedSuccessor ? unsealWith(presented, current.sealedSuccessor) : null;
  const isWithinGrace = current?.rotatedAt && Date.now() - current.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
  if (successor && isWithinGrace && (await isLatestToken(ctx.db, successor))) {
    return issueTokens(ctx, session.userId, session.id, successor);
  }
  await revokeSession(ctx, session.id, 'refresh_token_reuse');
  throw invalidRefresh();
}

async function isLatestToken(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row !== undefined && row.rotatedAt === null;
}

export async function revokeSession(ctx: SessionContext, sessionId: string, reason: string): Promise<void> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of revoked) ctx.events.emit('session.revoked', { sessionId: id });
}

/** Ends every live session of a user, tokens included (after a password reset, when an admin disables it). */
export async function revokeUserSessions(ctx: SessionContext, userId: string, reason: string): Promise<void> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of revoked) ctx.events.emit('session.revoked', { sessionId: id, reason });
}

/**
 * The session's expiry while it can still authorise calls (not revoked, not expired, its account not
 * disabled), else null: what the session cache remembers.
 */
export async function liveSessionExpiry(db: Database, sessionId: string): Promise<Date | null> {
  const [session] = await db
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, disabledAt: users.disabledAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  // A disabled account's session is dead even if a sign-in racing the disable made it after the revocations.
  if (!session || session.revokedAt !== null || session.disabledAt !== null) return null;
  if (session.expiresAt.getTime() <= Date.now()) return null;
  return session.expiresAt;
}
