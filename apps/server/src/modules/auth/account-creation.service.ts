/**
 * How accounts come to be with a password: a sign-up (open, or through an admin's invitation) and an account an
 * admin makes. All take an address the same way: a new account, or an unconfirmed one taken over.
 */
import { eq } from 'drizzle-orm';
import { ADMIN_INVITATION_TTL_DAYS, type CreateAccountRequest, type RegisterRequest } from '@clipsync/shared';
import type { Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId, newSecretToken } from '../../lib/secure-tokens';
import { accountCreatedMail, alreadyRegisteredMail, confirmationMail } from '../../mail/templates/account-mails';
import { acceptInvitation } from '../accounts/invitations.service';
import { roleOfUnconfirmedAccount } from '../accounts/roles.service';
import { announceConfirmed, confirmAccount } from './account-confirmation';
import type { AuthContext } from './auth.context';
import { passwordLinkOf } from './auth.service';
import { assertUncommonPassword } from './common-passwords';
import { issueEmailToken, NO_PASSWORD_YET, voidEmailTokens } from './email-tokens';
import { hashPassword } from './password';
import { addPendingRegistration, dropPendingRegistrations } from './pending-registrations';
import { assertMaySignUp } from './registration.policy';
import { isPasswordAdmin, passwordSignInOff } from './sso-only.policy';

export const INVITED_REGISTER_MESSAGE = 'Registration successful. You can log in now.';
export const REGISTER_MESSAGE =
  'Registration successful. Please check your email to confirm your account before logging in.';

/**
 * The account of the address: a new unconfirmed one (named by this registration, with no password anyone can
 * sign in with yet), or the one there is, locked until the transaction ends so a confirmation cannot slip
 * between reading it and adding to it.
 */
async function accountOfAddress(tx: Transaction, input: { email: string; name: string }, adminEmails: string[]) {
  await tx
    .insert(users)
    .values({
      id: newId(),
      email: input.email,
      name: input.name,
      passwordHash: NO_PASSWORD_YET,
      role: roleOfUnconfirmedAccount(input.email, adminEmails),
    })
    .onConflictDoNothing({ target: users.email });
  const [account] = await tx.select().from(users).where(eq(users.email, input.email)).for('update');
  if (!account) throw new Error(`the account of ${input.email} was deleted while registering`);
  return account;
}

/**
 * A new account for the address, or its unconfirmed account taken over with this name and password and its
 * confirmation links and registrations void (an admin's set-password link is the only way in); undefined for a
 * confirmed address.
 */
async function takeUnlessConfirmed(
  tx: Transaction,
  input: { email: string; name: string },
  passwordHash: string,
  adminEmails: string[],
) {
  const account = await accountOfAddress(tx, input, adminEmails);
  if (account.emailConfirmedAt) return undefined;
  await tx.update(users).set({ name: input.name, passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
  await voidEmailTokens(tx, account.id, 'confirm');
  await dropPendingRegistrations(tx, account.id);
  return account;
}

/**
 * Adds this registration to the address unless the address is confirmed (decision 039): its name and password
 * are kept beside the others' and a new link is issued; no registration changes the account or another's
 * password, so neither the first registrant nor the last takes the address: whoever confirms it, with a link
 * from its mailbox and the password they registered, does. Returns the new link's token, or undefined for a
 * confirmed address.
 */
async function addRegistration(ctx: AuthContext, input: RegisterRequest, passwordHash: string) {
  return ctx.db.transaction(async (tx) => {
    const account = await accountOfAddress(tx, input, ctx.registration.adminEmails);
    if (account.emailConfirmedAt) return undefined;
    await addPendingRegistration(tx, account.id, { name: input.name, passwordHash });
    return issueEmailToken(tx, account.id, 'confirm');
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
  // Under OIDC_ONLY people sign up through the provider; only an address ADMIN_EMAILS names may use a password.
  if (ctx.ssoOnly && !isPasswordAdmin(ctx, input.email, undefined)) throw passwordSignInOff(ctx.ssoOnly);
  await assertMaySignUp(ctx.db, ctx.registration, input.email, input.invitation);
  if (input.invitation !== undefined) return registerInvited(ctx, input, input.invitation);
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const token = await addRegistration(ctx, input, passwordHash);
  if (token !== undefined) {
    const url = `${linkOrigin}/api/auth/confirm?token=${encodeURIComponent(token)}`;
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
  const confirmed = await ctx.db.transaction(async (tx) => {
    await acceptInvitation(tx, invitation, input.email);
    const account = await accountOfAddress(tx, input, ctx.registration.adminEmails);
    const done = account.emailConfirmedAt
      ? undefined
      : await confirmAccount(tx, ctx.registration.adminEmails, account, { name: input.name, passwordHash });
    if (!done) throw new AppError('CONFLICT', 'This address already has an account: please log in');
    return done;
  });
  announceConfirmed(ctx, confirmed);
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
  // Under OIDC_ONLY a non-admin could never use the link, and the provider's sign-in would then find its address
  // taken: the account would lock its person out.
  if (ctx.ssoOnly) {
    const [existing] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.email, input.email));
    if (!isPasswordAdmin(ctx, input.email, existing)) throw passwordSignInOff(ctx.ssoOnly);
  }
  // A hash of a secret nobody keeps: sign-in with any password fails, as slowly as for a real one.
  const passwordHash = await hashPassword(newSecretToken());
  const account = await ctx.db.transaction(async (tx) => {
    const claimed = await takeUnlessConfirmed(tx, input, passwordHash, ctx.registration.adminEmails);
    if (!claimed) throw new AppError('CONFLICT', 'This address already has an account');
    await voidEmailTokens(tx, claimed.id, 'reset');
    return claimed;
  });
  ctx.mail.enqueue(async () => {
    const token = await issueEmailToken(ctx.db, account.id, 'reset', SET_PASSWORD_LINK_TTL_MS);
    return accountCreatedMail(input.email, input.name, passwordLinkOf(linkOrigin, token), ADMIN_INVITATION_TTL_DAYS);
  });
  return account.id;
}
