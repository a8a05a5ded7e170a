import { eq, isNull } from 'drizzle-orm';
import {
  ADMIN_INVITATION_TTL_DAYS,
  type CreateAccountRequest,
  type LoginRequest,
  type LoginResponse,
  type PublicUser,
  type RegisterRequest,
} from '@clipsync/shared';
import type { Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertUncommonPassword } from './common-passwords';
import { newId, newSecretToken } from '../../lib/secure-tokens';
import {
  accountCreatedMail,
  alreadyRegisteredMail,
  confirmationMail,
  passwordResetMail,
} from '../../mail/templates/account-mails';
import type { AuthContext } from './auth.context';
import { toPublicUser } from './auth.presenter';
import { consumeEmailToken, findEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { assertMaySignUp } from './registration.policy';
import { grantAdminEmails, roleOfNewAccount } from '../admin/roles.service';
import { acceptInvitation } from '../admin/invitations.service';
import { recordSecurityEvent, recordSignIn } from '../admin/audit.recorder';
import { revokeUserSessions, startSession } from './sessions.service';

export const INVITED_REGISTER_MESSAGE = 'Registration successful. You can log in now.';
export const REGISTER_MESSAGE =
  'Registration successful. Please check your email to confirm your account before logging in.';
export const FORGOT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';
export const RESEND_MESSAGE =
  'If this email has an account waiting for confirmation, a new confirmation link has been sent.';

async function findUserByEmail(ctx: AuthContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}

/**
 * A new account for the address (its role decided here: the first account is the admin), or its unconfirmed
 * account taken over with this name and password and its confirmation links void; undefined for a confirmed
 * address.
 */
async function takeUnlessConfirmed(
  tx: Transaction,
  input: { email: string; name: string },
  passwordHash: string,
  adminEmails: string[],
) {
  const role = await roleOfNewAccount(tx, input.email, adminEmails);
  const [account] = await tx
    .insert(users)
    .values({ id: newId(), email: input.email, name: input.name, passwordHash, role })
    .onConflictDoUpdate({
      target: users.email,
      set: { name: input.name, passwordHash, updatedAt: new Date() },
      setWhere: isNull(users.emailConfirmedAt),
    })
    .returning();
  if (!account) return undefined;
  await voidEmailTokens(tx, account.id, 'confirm');
  return { account, role };
}

/**
 * Makes this registration the address's own unless the address is confirmed: a new account is created,
 * an unconfirmed one takes this name and password and its older confirmation links die (so an earlier
 * registrant's password never survives, and a link confirms only the registration it was sent for).
 * A new account's role is decided in the same transaction (the first account is the admin), and an
 * unconfirmed one keeps its own. Returns the account with its new link's token, or undefined for a
 * confirmed address.
 */
async function claimUnconfirmedAddress(ctx: AuthContext, input: RegisterRequest, passwordHash: string) {
  return ctx.db.transaction(async (tx) => {
    const claimed = await takeUnlessConfirmed(tx, input, passwordHash, ctx.registration.adminEmails);
    if (!claimed) return undefined;
    const { account, role } = claimed;
    const isFirstAdmin = role === 'admin' && account.role === 'admin' && ctx.registration.adminEmails.length === 0;
    return { account, isFirstAdmin, token: await issueEmailToken(tx, account.id, 'confirm') };
  });
}

/**
 * Answers the same, on the same path and without waiting for mail, whether or not the address is taken
 * (no enumeration by answer or by timing): a new or unconfirmed address gets a confirmation link, a
 * confirmed one a note to its owner. Each kind of mail leaves at most once a minute per address. Who may
 * sign up is asked first, before anything that touches the accounts.
 */
export async function register(
  ctx: AuthContext,
  input: RegisterRequest,
  linkOrigin: string,
): Promise<{ message: string }> {
  await assertMaySignUp(ctx.db, ctx.registration, input.email, input.invitation);
  if (input.invitation !== undefined) return registerInvited(ctx, input, input.invitation);
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const claimed = await claimUnconfirmedAddress(ctx, input, passwordHash);
  if (claimed?.isFirstAdmin) {
    ctx.log.info({ userId: claimed.account.id }, "The first account signed up: it is this server's admin");
  }
  if (claimed) {
    const url = `${linkOrigin}/api/auth/confirm?token=${encodeURIComponent(claimed.token)}`;
    ctx.mail.enqueue(() => confirmationMail(input.email, input.name, url), { cooldownKey: `confirm:${input.email}` });
  } else {
    const loginUrl = `${linkOrigin}/auth?mode=login`;
    ctx.mail.enqueue(() => alreadyRegisteredMail(input.email, loginUrl), {
      cooldownKey: `already-registered:${input.email}`,
    });
  }
  return { message: REGISTER_MESSAGE };
}

/**
 * A sign-up through an admin's invitation, once assertMaySignUp has found it open and for this address. The link proved
 * the mailbox, so the account is created confirmed (no confirmation mail), taking over an unconfirmed one as a sign-up
 * would; the invitation is used in the same transaction, so a link makes one account.
 */
async function registerInvited(
  ctx: AuthContext,
  input: RegisterRequest,
  invitation: string,
): Promise<{ message: string }> {
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const account = await ctx.db.transaction(async (tx) => {
    await acceptInvitation(tx, invitation, input.email);
    const role = await roleOfNewAccount(tx, input.email, ctx.registration.adminEmails);
    const confirmedAt = new Date();
    const [created] = await tx
      .insert(users)
      .values({ id: newId(), email: input.email, name: input.name, passwordHash, role, emailConfirmedAt: confirmedAt })
      .onConflictDoUpdate({
        target: users.email,
        set: { name: input.name, passwordHash, emailConfirmedAt: confirmedAt, updatedAt: confirmedAt },
        setWhere: isNull(users.emailConfirmedAt),
      })
      .returning();
    if (!created) throw new AppError('CONFLICT', 'This address already has an account: please log in');
    await voidEmailTokens(tx, created.id, 'confirm');
    return created;
  });
  ctx.events.emit('account.confirmed', { userId: account.id, email: account.email });
  return { message: INVITED_REGISTER_MESSAGE };
}

/** As long as an admin's invitation: the person may read the mail days later. */
const SET_PASSWORD_LINK_TTL_MS = ADMIN_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * An account an admin makes: not confirmed, and with no password anyone knows, because the admin typing an
 * address proves nothing about who reads it. Its address is mailed a set-password link (a reset link), so the
 * person who reads that mailbox chooses the password and, by using the link, confirms the address
 * (resetPassword); only then can it sign in. A confirmed address is refused (409); an unconfirmed account is
 * no one's yet, so it is taken over as an invited sign-up would: its password and older links die. No sign-up
 * rule applies: the mode and the domains decide who may let themselves in, not whom an admin lets in.
 * Returns the account's id.
 */
export async function createAccountWithPasswordLink(
  ctx: AuthContext,
  input: CreateAccountRequest,
  linkOrigin: string,
): Promise<string> {
  // A hash of a secret nobody keeps: sign-in with any password fails, as slowly as for a real one.
  const passwordHash = await hashPassword(newSecretToken());
  const account = await ctx.db.transaction(async (tx) => {
    const claimed = await takeUnlessConfirmed(tx, input, passwordHash, ctx.registration.adminEmails);
    if (!claimed) throw new AppError('CONFLICT', 'This address already has an account');
    await voidEmailTokens(tx, claimed.account.id, 'reset');
    return claimed.account;
  });
  ctx.mail.enqueue(async () => {
    const token = await issueEmailToken(ctx.db, account.id, 'reset', SET_PASSWORD_LINK_TTL_MS);
    return accountCreatedMail(input.email, input.name, passwordLinkOf(linkOrigin, token), ADMIN_INVITATION_TTL_DAYS);
  });
  return account.id;
}

export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid';

export async function confirmEmail(ctx: AuthContext, token: string): Promise<ConfirmOutcome> {
  const result = await consumeEmailToken(ctx.db, token, 'confirm');
  if (result.status !== 'ok') return result.status;
  const [confirmed] = await ctx.db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, result.userId))
    .returning({ email: users.email });
  if (confirmed) ctx.events.emit('account.confirmed', { userId: result.userId, email: confirmed.email });
  return 'confirmed';
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

export async function login(ctx: AuthContext, input: LoginRequest): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx, input.email);
  // An account without an argon2 hash (SSO only) spends the dummy's time too, so timing does not tell it apart.
  const isValid = user?.passwordHash.startsWith('$argon2')
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS');
  // Only after the password is proven, so this answer reveals nothing to a stranger.
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED');
  if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
  const isNamedAdmin = user.role !== 'admin' && ctx.registration.adminEmails.includes(user.email);
  if (isNamedAdmin) await grantAdminEmails(ctx.db, [user.email]);
  const session = await startSession(ctx, user.id);
  // After the session: the sign-in stands whatever becomes of its audit record.
  await recordSignIn(ctx.db, user.id);
  return { user: toPublicUser(isNamedAdmin ? { ...user, role: 'admin' } : user), session };
}

/**
 * A new confirmation link for an unconfirmed account, on the same path and answer whatever the address
 * (no enumeration); it shares the confirmation mail's cooldown, so it cannot be used to flood a mailbox.
 * The earlier link stays valid: both belong to the same registration.
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
        const token = await issueEmailToken(ctx.db, user.id, 'confirm');
        const url = `${linkOrigin}/api/auth/confirm?token=${encodeURIComponent(token)}`;
        return confirmationMail(user.email, user.name, url);
      },
      { cooldownKey: `confirm:${user.email}` },
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
  if (user) {
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
  const result = await consumeEmailToken(ctx.db, token, 'reset');
  if (result.status === 'expired')
    throw new AppError('INVALID_TOKEN', 'This password reset link has expired. Please request a new one.');
  if (result.status === 'invalid')
    throw new AppError('INVALID_TOKEN', 'Invalid or missing reset token. Please request a new password reset.');
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const [before] = await ctx.db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, result.userId));
  await ctx.db
    .update(users)
    .set({ passwordHash, emailConfirmedAt: before?.confirmedAt ?? now, updatedAt: now })
    .where(eq(users.id, result.userId));
  await voidEmailTokens(ctx.db, result.userId, 'reset');
  await voidEmailTokens(ctx.db, result.userId, 'confirm');
  if (before && !before.confirmedAt)
    ctx.events.emit('account.confirmed', { userId: result.userId, email: before.email });
  await revokeUserSessions(ctx, result.userId, 'password_reset');
  await recordSecurityEvent(ctx.db, { userId: result.userId, action: 'password.reset', actorId: null });
  return { message: 'Password Reset Successful' };
}

export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<PublicUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return toPublicUser(user);
}
