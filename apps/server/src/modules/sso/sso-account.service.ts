import { and, eq } from 'drizzle-orm';
import type { SsoAccountLink } from '@clipsync/shared';
import { userIdentities, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordSecurityEventIn } from '../audit/audit.recorder';
import { isPasswordAdmin } from '../auth/sso-only.policy';
import type { SsoContext } from './sso.context';
import { NO_PASSWORD } from './sso.service';

async function passwordOf(ctx: SsoContext, userId: string): Promise<boolean> {
  const [account] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return account !== undefined && account.passwordHash !== NO_PASSWORD;
}

/** Under OIDC_ONLY only an admin's password signs in. */
async function isPasswordAdminAccount(ctx: SsoContext, userId: string): Promise<boolean> {
  const [account] = await ctx.db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return account !== undefined && isPasswordAdmin(ctx, account.email, account);
}

/** The account's identity at this server's provider (issuer and the address it gave), if linked. */
export async function accountLinkOf(ctx: SsoContext, userId: string): Promise<SsoAccountLink> {
  const [identity] = await ctx.db
    .select({ issuer: userIdentities.issuer, email: userIdentities.email })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, ctx.provider.settings.issuer.href)));
  return { identity: identity ?? null, hasPassword: await passwordOf(ctx, userId) };
}

/**
 * Unlinks the identity, unless it is the only way in: an account without a password would be locked out, and so
 * would a non-admin under OIDC_ONLY, whose password no longer signs in.
 */
export async function unlinkIdentity(ctx: SsoContext, userId: string): Promise<void> {
  if (!(await passwordOf(ctx, userId))) {
    throw new AppError('CONFLICT', 'This account has no password: SSO is its only way in, so it stays linked');
  }
  if (ctx.provider.settings.only && !(await isPasswordAdminAccount(ctx, userId))) {
    throw new AppError(
      'CONFLICT',
      'Passwords sign in admins only on this server: SSO is its only way in, so it stays linked',
    );
  }
  const issuer = ctx.provider.settings.issuer.href;
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
      .returning({ email: userIdentities.email });
    for (const identity of removed) {
      await recordSecurityEventIn(tx, { userId, action: 'sso.unlinked', details: { issuer, email: identity.email } });
    }
  });
}
