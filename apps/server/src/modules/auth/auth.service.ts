import { eq } from 'drizzle-orm';
import type { LoginRequest, LoginResponse, PublicUser } from '@clipsync/shared';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertUncommonPassword } from './common-passwords';
import { confirmationMail, passwordResetMail } from '../../mail/templates/account-mails';
import type { AuthContext } from './auth.context';
import { toPublicUser } from './auth.presenter';
import { announceConfirmed, confirmAccount } from './account-confirmation';
import { consumeEmailToken, findEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { extendPendingRegistrations, hasPendingRegistration, registrationWithPassword } from './pending-registrations';
import { grantAdminEmails } from '../accounts/roles.service';
import { recordSecurityEvent, recordSignIn } from '../audit/audit.recorder';
import { hasHadSession, revokeUserSessions, startSession } from './sessions.service';
import { isPasswordAdmin, passwordSignInOff } from './sso-only.policy';

export const FORGOT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';
export const CONFIRMATION_LINK_DEAD = 'This confirmation link is invalid or has expired. Please request a new one.';
export const RESEND_MESSAGE =
  'If this email has an account waiting for confirmation, a new confirmation link has been sent.';

type Account = typeof users.$inferSelect;

async function findUserByEmail(ctx: AuthContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}

export type ConfirmationLink = 'live' | 'confirmed' | 'expired' | 'invalid';

/**
 * What a confirmation link can do as it is opened, without using it (decision 039): only a sign-in with a password
 * one of the account's registrations chose confirms the account. 'confirmed' once its account is, whatever became of
 * the link.
 */
export async function confirmationLinkState(ctx: AuthContext, token: string): Promise<ConfirmationLink> {
  const row = await findEmailToken(ctx.db, token, 'confirm');
  if (!row) return 'invalid';
  const [user] = await ctx.db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (user?.confirmedAt) return 'confirmed';
  if (row.usedAt || !user) return 'invalid';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'live';
}

/** What became of a confirmation link: confirmed once its account is. */
export async function checkEmailConfirmation(ctx: AuthContext, token: string): Promise<{ confirmed: boolean }> {
  const row = await findEmailToken(ctx.db, token, 'confirm');
  if (!row) return { confirmed: false };
  const [user] = await ctx.db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  return { confirmed: Boolean(user?.confirmedAt) };
}

/**
 * An unconfirmed account signs in only with a password one of its registrations chose, and only beside a live
 * confirmation link of it (`confirmation`), which confirms it with that password (decision 039). Every refusal
 * about the link comes after the password is proved, so a stranger learns nothing of the address from it.
 */
async function confirmBySignIn(ctx: AuthContext, user: Account, input: LoginRequest): Promise<Account> {
  const registration = await registrationWithPassword(ctx.db, user.id, input.password);
  if (!registration) {
    if (ctx.ssoOnly) throw passwordSignInOff(ctx.ssoOnly);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (input.confirmation === undefined) throw new AppError('EMAIL_NOT_CONFIRMED');
  const link = await findEmailToken(ctx.db, input.confirmation, 'confirm');
  const isLive = link?.userId === user.id && !link.usedAt && link.expiresAt.getTime() > Date.now();
  if (!isLive) throw new AppError('INVALID_TOKEN', CONFIRMATION_LINK_DEAD);
  const confirmed = await ctx.db.transaction((tx) =>
    confirmAccount(tx, ctx.registration.adminEmails, user, {
      passwordHash: registration.passwordHash,
      name: registration.name,
    }),
  );
  if (!confirmed) throw new AppError('INVALID_TOKEN', CONFIRMATION_LINK_DEAD);
  announceConfirmed(ctx, confirmed);
  return confirmed.account;
}

export async function login(ctx: AuthContext, input: LoginRequest): Promise<LoginResponse> {
  const found = await findUserByEmail(ctx, input.email);
  // Under OIDC_ONLY a non-admin's password is never checked: a stranger learns nothing from the answer, and an
  // unknown address and a known one each spend one dummy verification, so timing does not tell them apart.
  const isRefused = ctx.ssoOnly !== undefined && !isPasswordAdmin(ctx, input.email, found);
  const user = found && !found.emailConfirmedAt && !isRefused ? await confirmBySignIn(ctx, found, input) : found;
  // An account without an argon2 hash (SSO only) spends the dummy's time too, so timing does not tell it apart.
  const isValid =
    user !== found ||
    (!isRefused && user?.passwordHash.startsWith('$argon2')
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password));
  // Under OIDC_ONLY an admin's wrong password gets the non-admins' answer too, or the answer would tell which
  // addresses are admins; the route counts every such refusal toward the account's lock.
  if (ctx.ssoOnly && (isRefused || !user || !isValid)) throw passwordSignInOff(ctx.ssoOnly);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS');
  // Only after the password is proven, so this answer reveals nothing to a stranger.
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED');
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
  const isNamedAdmin = user.role !== 'admin' && ctx.registration.adminEmails.includes(user.email);
  if (isNamedAdmin) await grantAdminEmails(ctx.db, [user.email]);
  const firstSignIn = !(await hasHadSession(ctx.db, user.id));
  const session = await startSession(ctx, user.id);
  // After the session: the sign-in stands whatever becomes of its audit record.
  await recordSignIn(ctx.db, user.id);
  if (ctx.ssoOnly) {
    await recordSecurityEvent(ctx.db, { userId: user.id, action: 'sign_in.password_while_sso_only' });
  }
  return { user: toPublicUser(isNamedAdmin ? { ...user, role: 'admin' } : user), session, firstSignIn };
}

/**
 * A new confirmation link for an unconfirmed account that has a registration to confirm, on the same path and
 * answer whatever the address (no enumeration); it shares the confirmation mail's cooldown, so it cannot be used to
 * flood a mailbox. It changes no password: the earlier links stay valid, and any of them confirms only beside a
 * password one of the registrations chose, whose lives it extends to the new link's (decision 039).
 */
export async function resendConfirmation(
  ctx: AuthContext,
  email: string,
  linkOrigin: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx, email);
  if (user && !user.emailConfirmedAt) {
    ctx.mail.enqueue(
      async () => {
        if (!(await hasPendingRegistration(ctx.db, user.id))) return undefined;
        const token = await issueEmailToken(ctx.db, user.id, 'confirm');
        await extendPendingRegistrations(ctx.db, user.id);
        const url = `${linkOrigin}/api/auth/confirm?token=${encodeURIComponent(token)}`;
        return confirmationMail(user.email, user.name, url);
      },
      // A registration's mail still held by the cooldown already brings a link: it is not replaced, so its
      // registrant is greeted by the name they chose, not by the name of whoever asks for a resend.
      { cooldownKey: `confirm:${user.email}`, unlessWaiting: true },
    );
  }
  return { message: RESEND_MESSAGE };
}

/**
 * The reset screen's link. The token is in the fragment: never sent to a server, so never in access logs or
 * a Referer. The web's reset screen requires an access and a refresh token there; the link's one single-use
 * token is both.
 */
export function passwordLinkOf(linkOrigin: string, token: string): string {
  const value = encodeURIComponent(token);
  return `${linkOrigin}/reset-password#access_token=${value}&refresh_token=${value}&type=recovery`;
}

/** Under OIDC_ONLY a password is for admins only: a reset for anyone else is refused outright. */
export function assertPasswordUsable(ctx: AuthContext, account: { email: string; role: string }): void {
  if (ctx.ssoOnly && !isPasswordAdmin(ctx, account.email, account)) throw passwordSignInOff(ctx.ssoOnly);
}

/**
 * The link is issued and mailed off the request path, so a known address answers as fast as an unknown
 * one. Earlier links stay valid until they expire or a reset succeeds: a stranger asking again cannot
 * void the link the owner is about to click.
 */
export async function forgotPassword(
  ctx: AuthContext,
  email: string,
  linkOrigin: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx, email);
  // Under OIDC_ONLY only an admin's address is sent a link; anyone else's answers as an unknown one does.
  const mayReset = user !== undefined && (ctx.ssoOnly === undefined || isPasswordAdmin(ctx, email, user));
  if (user && mayReset) {
    ctx.mail.enqueue(
      async () => {
        const token = await issueEmailToken(ctx.db, user.id, 'reset');
        return passwordResetMail(user.email, passwordLinkOf(linkOrigin, token));
      },
      { cooldownKey: `reset:${user.email}` },
    );
  }
  return { message: FORGOT_MESSAGE };
}

/**
 * Under OIDC_ONLY a link made earlier (or an admin's set-password link) of a non-admin is refused before it is
 * used, so it still works if the operator turns OIDC_ONLY off. An unknown link goes on to the ordinary refusal.
 */
async function assertAdminsResetOnly(ctx: AuthContext, ssoOnly: { buttonText: string }, token: string) {
  const row = await findEmailToken(ctx.db, token, 'reset');
  if (!row) return;
  const [owner] = await ctx.db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner || !isPasswordAdmin(ctx, owner.email, owner)) throw passwordSignInOff(ssoOnly);
}

/**
 * Sets the new password, ends every session of the user and voids every other reset link. The link came by
 * mail, so using it proves the address: an unconfirmed account (one an admin made, or a sign-up whose
 * confirmation went missing) is confirmed by it, as a confirmation link would.
 */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  newPassword: string,
): Promise<{ message: string }> {
  assertUncommonPassword(newPassword);
  if (ctx.ssoOnly) await assertAdminsResetOnly(ctx, ctx.ssoOnly, token);
  const result = await consumeEmailToken(ctx.db, token, 'reset');
  if (result.status === 'expired')
    throw new AppError('INVALID_TOKEN', 'This password reset link has expired. Please request a new one.');
  if (result.status === 'invalid')
    throw new AppError('INVALID_TOKEN', 'Invalid or missing reset token. Please request a new password reset.');
  const passwordHash = await hashPassword(newPassword);
  // Using the link proves the address: an unconfirmed account is confirmed with this password, as a confirmation
  // with a registration's password would be (its role decided then, its registrations dropped).
  const confirmed = await ctx.db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, result.userId));
    if (account && !account.emailConfirmedAt) {
      const done = await confirmAccount(tx, ctx.registration.adminEmails, account, { passwordHash });
      if (done) return done;
    }
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, result.userId));
    return undefined;
  });
  await voidEmailTokens(ctx.db, result.userId, 'reset');
  if (confirmed) announceConfirmed(ctx, confirmed);
  await revokeUserSessions(ctx, result.userId, 'password_reset');
  await recordSecurityEvent(ctx.db, { userId: result.userId, action: 'password.reset', actorId: null });
  return { message: 'Password Reset Successful' };
}

export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<PublicUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return toPublicUser(user);
}
