import { and, eq, gt, lt } from 'drizzle-orm';
import type { LoginResponse } from '@clipsync/shared';
import type { Database } from '../../db/client';
import { ssoHandoffs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newSecretToken, sealWith, unsealWith } from '../../lib/secure-tokens';
import { recordSignIn } from '../audit/audit.recorder';
import { toPublicUser } from '../auth/auth.presenter';
import { hasHadSession, startSession } from '../auth/sessions.service';
import type { SsoContext } from './sso.context';
import type { SsoGrant } from './sso.service';
import { keepSessionGrant } from './sso-session-grants';
import { SSO_HANDOFF_TTL_MS } from './sso-state-cookie';

/**
 * Keeps the signed-in account under a new one-use code's hash and answers the code, for the browser's cookie.
 * The provider's refresh token waits sealed under the code itself: only that browser's completion opens it.
 */
export async function storeSsoHandoff(db: Database, userId: string, grant: SsoGrant | null): Promise<string> {
  const code = newSecretToken();
  await db.insert(ssoHandoffs).values({
    codeHash: hashToken(code),
    userId,
    identityId: grant?.identityId ?? null,
    sealedRefreshToken: grant ? sealWith(code, grant.refreshToken) : null,
    expiresAt: new Date(Date.now() + SSO_HANDOFF_TTL_MS),
  });
  return code;
}

function grantOf(code: string, handoff: { identityId: string | null; sealedRefreshToken: string | null }) {
  const refreshToken = handoff.sealedRefreshToken ? unsealWith(code, handoff.sealedRefreshToken) : null;
  return handoff.identityId && refreshToken ? { identityId: handoff.identityId, refreshToken } : null;
}

/**
 * The completion call: the browser's code (deleted as it is read, so it works once) becomes a session, answered
 * as a password sign-in answers it. A missing, used or expired code is refused, as is an account disabled since.
 */
export async function completeSsoHandoff(ctx: SsoContext, code: string | undefined): Promise<LoginResponse> {
  if (!code) throw new AppError('SSO_HANDOFF_INVALID');
  const [handoff] = await ctx.db
    .delete(ssoHandoffs)
    .where(and(eq(ssoHandoffs.codeHash, hashToken(code)), gt(ssoHandoffs.expiresAt, new Date())))
    .returning({
      userId: ssoHandoffs.userId,
      identityId: ssoHandoffs.identityId,
      sealedRefreshToken: ssoHandoffs.sealedRefreshToken,
    });
  if (!handoff) throw new AppError('SSO_HANDOFF_INVALID');
  const firstSignIn = !(await hasHadSession(ctx.db, handoff.userId));
  const session = await startSession(ctx, handoff.userId);
  const grant = grantOf(code, handoff);
  if (grant) await keepSessionGrant(ctx.db, ctx.jwtSecret, session.refresh_token, grant);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, handoff.userId));
  if (!user) throw new AppError('SSO_HANDOFF_INVALID');
  // After the session: the sign-in stands whatever becomes of its audit record.
  await recordSignIn(ctx.db, user.id);
  return { user: toPublicUser(user), session, firstSignIn };
}

/** Drops hand-offs no browser came back for. */
export async function sweepExpiredSsoHandoffs(db: Database): Promise<void> {
  await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, new Date()));
}
