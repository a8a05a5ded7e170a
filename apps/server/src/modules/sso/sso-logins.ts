import { and, eq, gt, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../config/sso-config';
import type { Database } from '../../db/client';
import { ssoLogins } from '../../db/schema';
import { hashToken } from '../../lib/secure-tokens';
import type { SsoContext } from './sso.context';
import { SsoRefusal } from './sso-refusal';

/** How long a sign-in may stay at the provider before its state is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

export interface StartedSsoLogin {
  /** The provider's authorization URL, to redirect the browser to. */
  url: string;
  /** For the browser's state cookie: without it the callback is refused. */
  state: string;
}

/**
 * Keeps a new sign-in's nonce and PKCE verifier under its state's hash and answers the provider's URL.
 * `linkUserId`: a signed-in user linking their account.
 */
export async function startSsoLogin(
  ctx: SsoContext,
  { returnTo, linkUserId }: { returnTo: string; linkUserId?: string },
): Promise<StartedSsoLogin> {
  const configuration = await providerConfiguration(ctx);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await ctx.db.insert(ssoLogins).values({
    stateHash: hashToken(state),
    nonce,
    codeVerifier,
    returnTo,
    linkUserId: linkUserId ?? null,
    expiresAt: new Date(Date.now() + SSO_LOGIN_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: ctx.provider.redirectUri,
    scope: scopesToAsk(configuration, ctx.provider.settings),
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

/**
 * OIDC_SCOPES as written; unset, the default scopes and `offline_access` when the provider lists it: its refresh
 * token lets each session be asked about again (sso-recheck.ts). A provider that does not list it (Google) is
 * not sent a scope it would refuse, and an operator's own OIDC_SCOPES is not changed under them by an upgrade
 * (they add `offline_access` themselves).
 */
function scopesToAsk(configuration: oidc.Configuration, { scopes, isScopesExplicit }: SsoConfig): string {
  const asked = scopes.split(/\s+/).filter(Boolean);
  if (isScopesExplicit) return asked.join(' ');
  const supported = configuration.serverMetadata().scopes_supported ?? [];
  if (supported.includes('offline_access') && !asked.includes('offline_access')) asked.push('offline_access');
  return asked.join(' ');
}

/** The provider's configuration, or the refusal that says it is down or misconfigured. */
export async function providerConfiguration(ctx: SsoContext): Promise<oidc.Configuration> {
  try {
    return await ctx.provider.configuration();
  } catch (error) {
    throw new SsoRefusal('unavailable', `discovery failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The pending sign-in of the browser's state, deleted as it is read so the state is used once. The state the
 * provider sent back must be the browser's own: another one is someone else's sign-in (login CSRF).
 */
export async function takeSsoLogin(db: Database, cookieState: string | undefined, returnedState: string | undefined) {
  if (!cookieState) throw new SsoRefusal('expired', 'no state cookie');
  if (returnedState !== cookieState) throw new SsoRefusal('invalid_response', 'state differs from the cookie');
  const [login] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.stateHash, hashToken(cookieState)), gt(ssoLogins.expiresAt, new Date())))
    .returning();
  if (!login) throw new SsoRefusal('expired', 'unknown, expired or used state');
  return login;
}

/** Drops sign-ins that never came back. */
export async function sweepExpiredSsoLogins(db: Database): Promise<void> {
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
}
