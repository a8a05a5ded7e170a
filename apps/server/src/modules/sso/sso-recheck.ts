import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { ssoSessions, userIdentities } from '../../db/schema';
import type { CheckedSession, SessionCheck } from '../../lib/session-checks';
import { endAccountTokens } from '../tokens/tokens.service';
import type { SsoContext } from './sso.context';
import { profileOf } from './sso-profile';
import { sealGrantToken, unsealGrantToken } from './sso-session-grants';
import { settleAdminGroup } from './sso.service';

/**
 * How long the provider's word on a session holds. Access tokens live an hour, so a person removed at the
 * provider loses the app within that hour at worst plus this; asking at every refresh (several tabs, devices)
 * would put the provider on every page load's path for no gain a person would notice.
 */
export const SSO_RECHECK_AFTER_MS = 5 * 60_000;

/** The session ends with this reason when the provider refuses its grant. */
export const SSO_REFUSED_REASON = 'sso_refused';

/** The session ends with this reason when its sealed grant no longer opens (the server's secret changed). */
export const SSO_GRANT_UNREADABLE_REASON = 'sso_grant_unreadable';

type Verdict = Awaited<ReturnType<SessionCheck>>;

/** The provider refused the grant for good: the person is gone, disabled, or took their consent back. */
const isRefusal = (error: unknown) => error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant';

/**
 * The check sso registers for every refresh: a session started through the provider, last asked about longer
 * ago than the bound, is asked about again with the provider's refresh grant. Refused → the session ends;
 * granted → the rotated refresh token is kept and the admin group re-read when the answer carries it; the
 * provider down or answering anything else, or ClipSync's own database failing → the session stays and is asked
 * about at its next refresh (password sign-in never waits on the provider, nor should a session).
 */
export function createSsoRecheck(ctx: SsoContext, recheckAfterMs = SSO_RECHECK_AFTER_MS): SessionCheck {
  // One question in flight per session on this node: the provider rotates its refresh token, so a second
  // question with the same token would be a replay it punishes. Other nodes are held off by the claim below.
  const inFlight = new Map<string, Promise<Verdict>>();
  return (session) => {
    const asking = inFlight.get(session.sessionId);
    if (asking) return asking;
    const verdict = recheck(ctx, session, recheckAfterMs).finally(() => inFlight.delete(session.sessionId));
    inFlight.set(session.sessionId, verdict);
    return verdict;
  };
}

async function recheck(ctx: SsoContext, session: CheckedSession, afterMs: number): Promise<Verdict> {
  try {
    return await askProvider(ctx, session, afterMs);
  } catch (error) {
    // A fault of ClipSync's own (the database) says nothing about the person: the refresh goes on.
    ctx.log.warn(
      { err: error, sessionId: session.sessionId },
      'SSO: a session could not be re-checked; it stays until asked again',
    );
    return 'keep';
  }
}

async function askProvider(ctx: SsoContext, { sessionId, userId }: CheckedSession, afterMs: number): Promise<Verdict> {
  const [grant] = await ctx.db
    .select({
      sealed: ssoSessions.sealedRefreshToken,
      checkedAt: ssoSessions.checkedAt,
      subject: userIdentities.subject,
    })
    .from(ssoSessions)
    .innerJoin(userIdentities, eq(userIdentities.id, ssoSessions.identityId))
    .where(eq(ssoSessions.sessionId, sessionId));
  if (!grant || Date.now() - grant.checkedAt.getTime() < afterMs) return 'keep';
  // The claim: whoever moves checked_at from the value read asks the provider; anyone else keeps the session.
  const claimedAt = new Date();
  const [claimed] = await ctx.db
    .update(ssoSessions)
    .set({ checkedAt: claimedAt })
    .where(and(eq(ssoSessions.sessionId, sessionId), eq(ssoSessions.checkedAt, grant.checkedAt)))
    .returning({ sessionId: ssoSessions.sessionId });
  if (!claimed) return 'keep';
  const refreshToken = unsealGrantToken(ctx.jwtSecret, sessionId, grant.sealed);
  if (!refreshToken) {
    // The server's secret changed since. Keeping the session would leave it never asked about again, for no
    // fault of the provider's: it ends, and the person signs in through the provider once more.
    ctx.log.warn({ sessionId, userId }, "SSO: a session's grant no longer opens (server secret changed?); it ends");
    return { endReason: SSO_GRANT_UNREADABLE_REASON };
  }
  try {
    const configuration = await ctx.provider.configuration();
    const tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
    if (tokens.refresh_token) await keepRotatedToken(ctx, sessionId, tokens.refresh_token);
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, grant.subject);
    const claims = { ...tokens.claims(), ...userinfo };
    const profile = profileOf(claims, ctx.provider.settings.groupsClaim);
    // A refresh answer need not carry an ID token, and some providers (Entra) send no groups in userinfo:
    // without the claim the provider said nothing about the groups, which is not "in none of them".
    if (profile && ctx.provider.settings.groupsClaim in claims) await settleAdminGroup(ctx, userId, profile);
    return 'keep';
  } catch (error) {
    if (isRefusal(error)) {
      ctx.log.warn({ sessionId, userId }, 'SSO: the provider refused the session at its re-check; it ends');
      await endTokensOf(ctx, userId);
      return { endReason: SSO_REFUSED_REASON };
    }
    ctx.log.warn(
      { err: error, sessionId },
      'SSO: the provider could not re-check a session; it stays until asked again',
    );
    // Asked again at the next refresh, not after another bound: the provider's word is still owed.
    await ctx.db
      .update(ssoSessions)
      .set({ checkedAt: grant.checkedAt })
      .where(and(eq(ssoSessions.sessionId, sessionId), eq(ssoSessions.checkedAt, claimedAt)));
    return 'keep';
  }
}

/**
 * Keeps the provider's rotated refresh token. The old one is spent at the provider once it answered, so a token
 * not kept would end the session at its next re-check for ClipSync's own fault: on a failed save the grant is
 * dropped instead, and the session lives on as a password session does.
 */
async function keepRotatedToken(ctx: SsoContext, sessionId: string, rotated: string): Promise<void> {
  try {
    await ctx.db
      .update(ssoSessions)
      .set({ sealedRefreshToken: sealGrantToken(ctx.jwtSecret, sessionId, rotated) })
      .where(eq(ssoSessions.sessionId, sessionId));
  } catch (error) {
    ctx.log.warn(
      { err: error, sessionId },
      "SSO: the provider's rotated grant could not be kept; the session is no longer re-checked",
    );
    await ctx.db.delete(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
  }
}

/**
 * The person is gone at the provider: the tokens and device sign-ins of the account end with the session, as
 * none of them is ever asked about on its own (docs/sso.md). A failure here still ends the session.
 */
async function endTokensOf(ctx: SsoContext, userId: string): Promise<void> {
  try {
    await endAccountTokens(ctx, userId, SSO_REFUSED_REASON);
  } catch (error) {
    ctx.log.error(
      { err: error, userId },
      "SSO: the provider refused the person, but the account's tokens could not be ended",
    );
  }
}
