import { and, eq } from 'drizzle-orm';
import type { SsoRefusalCode } from '@clipsync/shared';
import * as oidc from 'openid-client';
import { userIdentities, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/secure-tokens';
import { recordSecurityEventIn } from '../audit/audit.recorder';
import { assertAnotherAdminRemains, lockRoles, roleOnConfirmation } from '../accounts/roles.service';
import { effectiveRegistration } from '../accounts/settings.service';
import { signUpRefusalOf, type SignUpRefusal } from '../auth/registration.policy';
import type { SsoContext } from './sso.context';
import { providerConfiguration, takeSsoLogin } from './sso-logins';
import { profileOf, type SsoProfile } from './sso-profile';
import { SsoRefusal } from './sso-refusal';

/**
 * What an account made by SSO has for a password: not an argon2 hash, so no password ever verifies against it
 * (verifyPassword answers false), and how "this account has no password" is told.
 */
export const NO_PASSWORD = '!sso-only';

/** The provider's grant behind a sign-in: the identity, and its refresh token when the provider issued one. */
export interface SsoGrant {
  identityId: string;
  refreshToken: string;
}

/**
 * `signed-in`: the account that the browser's hand-off will start a session for, with the grant its session
 * keeps (none when the provider issues no refresh tokens: the session lives as a password session does).
 */
export type SsoOutcome =
  | { kind: 'signed-in'; userId: string; returnTo: string; grant: SsoGrant | null }
  | { kind: 'linked'; returnTo: string };

/** The provider's answer, checked by openid-client, as the claims of the ID token and userinfo together. */
async function verifiedProfile(
  ctx: SsoContext,
  callbackUrl: URL,
  login: { nonce: string; codeVerifier: string; state: string },
) {
  const configuration = await providerConfiguration(ctx);
  let claims: Record<string, unknown>;
  let refreshToken: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedNonce: login.nonce,
      expectedState: login.state,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...idClaims, ...userinfo };
    refreshToken = tokens.refresh_token;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A provider that refuses to talk (a network failure) is down; anything else is an answer we refused.
    const isUnreachable = error instanceof TypeError && reason.includes('fetch failed');
    throw new SsoRefusal(isUnreachable ? 'unavailable' : 'invalid_response', reason);
  }
  const profile = profileOf(claims, ctx.provider.settings.groupsClaim);
  if (!profile) throw new SsoRefusal('invalid_response', 'claims without a usable subject');
  return { profile, refreshToken };
}

/**
 * The callback: the pending sign-in of this browser (one use), the provider's answer checked, then the
 * account signed in by the same sessions as a password sign-in, or the identity linked to the account that
 * asked. `callbackUrl` is the redirect URI with the provider's query.
 */
export async function finishSsoLogin(
  ctx: SsoContext,
  callbackUrl: URL,
  cookieState: string | undefined,
): Promise<SsoOutcome> {
  const returnedState = callbackUrl.searchParams.get('state') ?? undefined;
  const login = await takeSsoLogin(ctx.db, cookieState, returnedState);
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) throw new SsoRefusal('provider_refused', `the provider answered ${providerError}`);
  const { profile, refreshToken } = await verifiedProfile(ctx, callbackUrl, { ...login, state: returnedState ?? '' });
  const issuer = ctx.provider.settings.issuer.href;
  if (login.linkUserId) {
    await linkIdentity(ctx, login.linkUserId, issuer, profile);
    return { kind: 'linked', returnTo: login.returnTo };
  }
  const identity = (await identityOf(ctx, issuer, profile.subject)) ?? (await createSsoAccount(ctx, issuer, profile));
  const { userId } = identity;
  // A disabled account settles nothing: its role stays as the admin who disabled it left it.
  await assertEnabled(ctx, userId);
  await settleAdminGroup(ctx, userId, profile);
  const grant = refreshToken ? { identityId: identity.id, refreshToken } : null;
  return { kind: 'signed-in', userId, returnTo: login.returnTo, grant };
}

async function assertEnabled(ctx: SsoContext, userId: string): Promise<void> {
  const [account] = await ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  if (!account || account.disabledAt) throw new SsoRefusal('account_disabled', `account ${userId} is disabled`);
}

interface IdentityRef {
  id: string;
  userId: string;
}

async function identityOf(ctx: SsoContext, issuer: string, subject: string): Promise<IdentityRef | undefined> {
  const [identity] = await ctx.db
    .select({ id: userIdentities.id, userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return identity;
}

/** May SSO make an account for `email`: OIDC_REGISTER, then the rule every door asks. */
async function assertSsoMaySignUp(ctx: SsoContext, email: string): Promise<void> {
  const { register, isRegisterExplicit } = ctx.provider.settings;
  if (register === 'off') throw new SsoRefusal('sso_sign_up_off', 'OIDC_REGISTER=off');
  // Closed sign-ups, whether the environment or the console closed them, still let the provider's people in
  // when the operator wrote OIDC_REGISTER=auto (the provider decides who they are); the domain and
  // invitation rules in force apply as to anyone.
  const effective = await effectiveRegistration(ctx.db, ctx.registration);
  const registration =
    isRegisterExplicit && effective.mode === 'closed'
      ? { ...ctx.registration, ...effective, mode: 'open' as const }
      : ctx.registration;
  const refusal = await signUpRefusalOf(ctx.db, registration, email);
  if (refusal) throw new SsoRefusal(SIGN_UP_REFUSALS[refusal.rule], `sign-up rule: ${refusal.rule}`);
}

/** Each sign-up rule's refusal page, so it names the rule. */
const SIGN_UP_REFUSALS = {
  closed: 'sign_ups_closed',
  domain: 'domain_not_allowed',
  invitation: 'invitation_needed',
} as const satisfies Record<SignUpRefusal['rule'], SsoRefusalCode>;

/**
 * A first sign-in: a confirmed account without a password, named from the profile, for an address the
 * provider vouches for and no account uses. An address of an existing account is never linked silently.
 */
async function createSsoAccount(ctx: SsoContext, issuer: string, profile: SsoProfile): Promise<IdentityRef> {
  const { email } = profile;
  if (!email || !profile.isEmailVerified) throw new SsoRefusal('email_unverified', `subject ${profile.subject}`);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // Under OIDC_ONLY the password the usual advice names cannot sign in: only an admin can link the account.
  const inUse = ctx.provider.settings.only ? 'email_in_use_only' : 'email_in_use';
  if (existing) throw new SsoRefusal(inUse, `subject ${profile.subject}: the address has an account`);
  await assertSsoMaySignUp(ctx, email);
  const identity = await ctx.db.transaction(async (tx) => {
    const role = await roleOnConfirmation(tx, email, ctx.registration.adminEmails);
    const now = new Date();
    const [account] = await tx
      .insert(users)
      .values({ id: newId(), email, name: profile.name, passwordHash: NO_PASSWORD, role, emailConfirmedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!account) throw new SsoRefusal(inUse, `subject ${profile.subject}: the address was just taken`);
    const identityId = newId();
    await tx
      .insert(userIdentities)
      .values({ id: identityId, userId: account.id, issuer, subject: profile.subject, email });
    return { id: identityId, userId: account.id };
  });
  // After the commit: a listener must find the account it hears of.
  ctx.events.emit('account.confirmed', { userId: identity.userId, email });
  return identity;
}

/** Attaches the identity to the account that asked; one that belongs to another account is refused. */
async function linkIdentity(ctx: SsoContext, userId: string, issuer: string, profile: SsoProfile): Promise<void> {
  const owner = (await identityOf(ctx, issuer, profile.subject))?.userId;
  if (owner === userId) return;
  if (owner) throw new SsoRefusal('identity_taken', `subject ${profile.subject} belongs to another account`);
  await assertEnabled(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    // One identity per account and issuer: a new link replaces the old one.
    await tx.delete(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)));
    await tx
      .insert(userIdentities)
      .values({ id: newId(), userId, issuer, subject: profile.subject, email: profile.email ?? null });
    await recordSecurityEventIn(tx, {
      userId,
      action: 'sso.linked',
      details: { issuer, email: profile.email ?? null },
    });
  });
}

/**
 * OIDC_ADMIN_GROUP: the provider's group decides the role at every SSO sign-in and every re-check of an SSO
 * session, granted or revoked, except that the last admin stays one (and ADMIN_EMAILS' addresses stay admins,
 * as that list says).
 */
export async function settleAdminGroup(ctx: SsoContext, userId: string, profile: SsoProfile): Promise<void> {
  const { adminGroup } = ctx.provider.settings;
  if (!adminGroup) return;
  const shouldBeAdmin = profile.groups.includes(adminGroup);
  await ctx.db.transaction(async (tx) => {
    await lockRoles(tx);
    const [account] = await tx.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, userId));
    if (!account || (account.role === 'admin') === shouldBeAdmin) return;
    if (!shouldBeAdmin) {
      if (ctx.registration.adminEmails.includes(account.email)) return;
      try {
        await assertAnotherAdminRemains(tx, userId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') {
          ctx.log.warn({ userId }, 'SSO: the last admin left the admin group; the role is kept');
          return;
        }
        throw error;
      }
    }
    await tx
      .update(users)
      .set({ role: shouldBeAdmin ? 'admin' : 'user', updatedAt: new Date() })
      .where(eq(users.id, userId));
    // Nobody signed in made this change: the provider's group did.
    await recordSecurityEventIn(tx, {
      userId,
      action: shouldBeAdmin ? 'sso.admin_granted' : 'sso.admin_revoked',
      actorId: null,
      details: { source: 'sso_group', group: adminGroup },
    });
  });
}
