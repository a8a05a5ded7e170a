/**
 * An admin makes an account (a closed server's door, and any other mode's). The account is not confirmed and
 * has no password anyone knows: the admin typed the address, which proves nothing about who reads it. The
 * mailed set-password link is a password-reset link, so the person who reads that mailbox chooses the password
 * and, by using the link, confirms the address (auth.service resetPassword); only then can it sign in.
 */
import { ADMIN_INVITATION_TTL_DAYS, type AdminAccount, type CreateAccountRequest } from '@clipsync/shared';
import { isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId, newSecretToken } from '../../lib/secure-tokens';
import { accountCreatedMail } from '../../mail/templates/account-mails';
import { passwordLinkOf } from '../auth/auth.service';
import { issueEmailToken, voidEmailTokens } from '../auth/email-tokens';
import { hashPassword } from '../auth/password';
import type { AdminAccountsContext } from './accounts.context';
import { getAccount } from './accounts.service';
import { roleOfNewAccount } from './roles.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** As long as an invitation's link: the person may read the mail days later. */
const SET_PASSWORD_LINK_TTL_MS = ADMIN_INVITATION_TTL_DAYS * DAY_MS;

/**
 * Creates the account and mails the link. A confirmed address is refused (409); an unconfirmed account is
 * no one's yet (a sign-up never finished), so it is taken over as an invited sign-up would: its name is the
 * admin's, its password and older links die. No sign-up rule applies: the registration mode and the domain
 * list decide who may let themselves in, not whom an admin lets in.
 */
export async function createAccount(
  ctx: AdminAccountsContext,
  input: CreateAccountRequest,
  linkOrigin: string,
): Promise<AdminAccount> {
  // A hash of a secret nobody keeps: sign-in with any password fails, as slowly as for a real one.
  const passwordHash = await hashPassword(newSecretToken());
  const account = await ctx.db.transaction(async (tx) => {
    const role = await roleOfNewAccount(tx, input.email, ctx.registration.adminEmails);
    const [created] = await tx
      .insert(users)
      .values({ id: newId(), email: input.email, name: input.name, passwordHash, role })
      .onConflictDoUpdate({
        target: users.email,
        set: { name: input.name, passwordHash, updatedAt: new Date() },
        setWhere: isNull(users.emailConfirmedAt),
      })
      .returning({ id: users.id });
    if (!created) throw new AppError('CONFLICT', 'This address already has an account');
    await voidEmailTokens(tx, created.id, 'confirm');
    await voidEmailTokens(tx, created.id, 'reset');
    return created;
  });
  ctx.mail.enqueue(async () => {
    const token = await issueEmailToken(ctx.db, account.id, 'reset', SET_PASSWORD_LINK_TTL_MS);
    return accountCreatedMail(input.email, input.name, passwordLinkOf(linkOrigin, token), ADMIN_INVITATION_TTL_DAYS);
  });
  return getAccount(ctx, account.id);
}
