/**
 * An admin's actions on one account: create it (with a mailed set-password link), read it, disable and enable it, send
 * it a password reset, grant it a plan, set its storage quota and its role (deletion is accounts.deletion.ts). The
 * caller is an admin, checked by the routes' kit (admin-routes.ts) before any of these runs.
 */
import type { AdminAccount, CreateAccountRequest, GrantPlanRequest, UserRole } from '@clipsync/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { deviceAuthorizations, devices, sessions, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { storageOf } from '../../../lib/storage-quota';
import { createAccountWithPasswordLink } from '../../auth/account-creation.service';
import { assertPasswordUsable, forgotPassword } from '../../auth/auth.service';
import { revokeUserSessions } from '../../auth/sessions.service';
import { loadBillingState, planSourceOf } from '../../billing/billing-state';
import { assertAnotherAdminRemains, setRoleByEmail } from '../../accounts/roles.service';
import type { AdminAccountsContext } from './accounts.context';
import { presentAdminAccount } from './accounts.presenter';

async function findAccountOr404(ctx: AdminAccountsContext, userId: string) {
  const [account] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new AppError('NOT_FOUND', 'No account has this id');
  return account;
}

/** The account with its plan and where it comes from, its storage against its quota, and its devices. */
export async function getAccount(ctx: AdminAccountsContext, userId: string): Promise<AdminAccount> {
  const account = await findAccountOr404(ctx, userId);
  const now = ctx.now();
  const [billing, storage, liveDevices] = await Promise.all([
    loadBillingState(ctx.db, userId),
    storageOf(ctx.db, ctx.storageQuota, userId, now),
    ctx.db
      .select({ device: devices })
      .from(devices)
      .innerJoin(sessions, eq(sessions.id, devices.sessionId))
      .where(and(eq(devices.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(devices.lastSeenAt)),
  ]);
  return presentAdminAccount(account, {
    // The account's own last seen, the one the users list shows and the Overview counts: any signed-in call,
    // a token's too (users-last-seen.ts), not only its devices' (a token alone has none).
    lastSeenAt: account.lastSeenAt,
    plan: planSourceOf(billing, now, ctx.storageQuota.paymentsEnabled),
    storage,
    devices: liveDevices.map((row) => row.device),
  });
}

/** An admin acts on others' accounts here; their own stays theirs to keep (and the console theirs to reach). */
export function assertNotSelf(adminId: string, userId: string, what: string): void {
  if (adminId === userId) throw new AppError('CONFLICT', `You cannot ${what} your own account`);
}

/**
 * Disables the account: it can no longer sign in, and every session, token and socket it holds ends at
 * once (each revocation is heard by the session cache, the other nodes and the sockets).
 */
export async function disableAccount(
  ctx: AdminAccountsContext,
  adminId: string,
  userId: string,
): Promise<AdminAccount> {
  await findAccountOr404(ctx, userId);
  assertNotSelf(adminId, userId, 'disable');
  await ctx.db.transaction(async (tx) => {
    await assertAnotherAdminRemains(tx, userId);
    await tx
      .update(users)
      .set({ disabledAt: ctx.now(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.disabledAt)));
    // A sign-in approved in a browser before now but not yet claimed by its device would still get a token.
    await tx
      .update(deviceAuthorizations)
      .set({ status: 'denied' })
      .where(and(eq(deviceAuthorizations.approvedBy, userId), eq(deviceAuthorizations.status, 'approved')));
  });
  await revokeUserSessions(ctx, userId, 'account_disabled');
  // After the commit: what the account shared answers as taken down, and no node's memory may say otherwise.
  ctx.events.emit('account.disabled', { userId });
  return getAccount(ctx, userId);
}

/** Enables it again: the user signs in anew (their old sessions stay ended). */
export async function enableAccount(ctx: AdminAccountsContext, userId: string): Promise<AdminAccount> {
  await findAccountOr404(ctx, userId);
  await ctx.db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return getAccount(ctx, userId);
}

/**
 * A new account whose person sets its password from the mail (account-creation.service); it works in every
 * registration mode.
 */
export async function createAccount(
  ctx: AdminAccountsContext,
  input: CreateAccountRequest,
  linkOrigin: string,
): Promise<AdminAccount> {
  return getAccount(ctx, await createAccountWithPasswordLink(ctx, input, linkOrigin));
}

/** The very mail "forgot password" sends, to the account's address, off the request path. */
export async function sendPasswordReset(ctx: AdminAccountsContext, userId: string, linkOrigin: string): Promise<void> {
  const account = await findAccountOr404(ctx, userId);
  // The admin is told why no mail leaves: forgotPassword itself answers alike whether or not it mails.
  assertPasswordUsable(ctx, account);
  await forgotPassword(ctx, account.email, linkOrigin);
}

export async function grantPlan(
  ctx: AdminAccountsContext,
  userId: string,
  grant: GrantPlanRequest,
): Promise<AdminAccount> {
  await findAccountOr404(ctx, userId);
  await ctx.db
    .update(users)
    .set({ grantedPlan: grant.plan, grantedPlanUntil: new Date(grant.until), updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getAccount(ctx, userId);
}

export async function removePlanGrant(ctx: AdminAccountsContext, userId: string): Promise<AdminAccount> {
  await findAccountOr404(ctx, userId);
  await ctx.db
    .update(users)
    .set({ grantedPlan: null, grantedPlanUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getAccount(ctx, userId);
}

/** The account's own storage quota, or null for the plan's; what is stored already stays, over it or not. */
export async function setStorageQuota(
  ctx: AdminAccountsContext,
  userId: string,
  bytes: number | null,
): Promise<AdminAccount> {
  await findAccountOr404(ctx, userId);
  await ctx.db.update(users).set({ storageQuotaBytes: bytes, updatedAt: new Date() }).where(eq(users.id, userId));
  return getAccount(ctx, userId);
}

/** Through the one function every change of role goes through, so "at least one admin remains" holds. */
export async function setRole(
  ctx: AdminAccountsContext,
  adminId: string,
  userId: string,
  role: UserRole,
): Promise<AdminAccount> {
  const account = await findAccountOr404(ctx, userId);
  // The server would make it an admin again at its next sign-in: the operator's list is changed first.
  if (role === 'user' && ctx.registration.adminEmails.includes(account.email)) {
    throw new AppError('CONFLICT', `${account.email} is in ADMIN_EMAILS: remove it from there first`);
  }
  await setRoleByEmail(ctx.db, account.email, role, { byAdminId: adminId });
  return getAccount(ctx, userId);
}
