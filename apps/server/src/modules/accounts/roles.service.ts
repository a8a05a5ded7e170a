/**
 * Roles: who is an admin of this server. Every change of role goes through here (the recovery command
 * now, the console later), under one lock, so that "at least one admin remains" and "the first confirmed
 * account becomes the admin" hold however many requests or nodes race (decision 034).
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { UserRole } from '@clipsync/shared';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export const LAST_ADMIN_MESSAGE = 'At least one admin must remain: grant another account first';

/**
 * The two-key advisory lock every role decision takes ('role' in ASCII, then 1): apart from the jobs'
 * namespace (db/cluster-lock.ts) and the migrations' one-key lock.
 */
const ROLES_LOCK = sql`select pg_advisory_xact_lock(${0x726f6c65}, 1)`;

type Reader = Database | Transaction;

/** Held until the transaction ends; a second decision waits and then sees the first one's commit. */
export async function lockRoles(tx: Transaction): Promise<void> {
  await tx.execute(ROLES_LOCK);
}

export async function hasAdmin(db: Reader): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return admin !== undefined;
}

/**
 * Whether the server has a confirmed account: only the very first one to be confirmed may become the admin
 * (an address anyone can sign up proves nothing until its mailbox's owner confirms it, decision 039).
 */
export async function hasConfirmedAccount(db: Reader): Promise<boolean> {
  const [account] = await db.select({ id: users.id }).from(users).where(isNotNull(users.emailConfirmedAt)).limit(1);
  return account !== undefined;
}

/** The role of an account made unconfirmed: only ADMIN_EMAILS names an admin before the address is proved. */
export function roleOfUnconfirmedAccount(email: string, adminEmails: string[]): UserRole {
  return adminEmails.includes(email) ? 'admin' : 'user';
}

/**
 * The role of an account being confirmed in `tx` (or made confirmed): admin when its address is in ADMIN_EMAILS,
 * or when it is the server's first confirmed account and ADMIN_EMAILS names none. A server that has confirmed
 * accounts but no admin (its admin left) does not hand the role to the next stranger: the operator names one
 * (ADMIN_EMAILS, `npm run admin`); an upgraded server's oldest account was made the admin by migration 0030.
 * Only the first confirmation takes the lock: once an account is confirmed, confirmations never wait for each
 * other here.
 */
export async function roleOnConfirmation(tx: Transaction, email: string, adminEmails: string[]): Promise<UserRole> {
  if (adminEmails.includes(email)) return 'admin';
  if (adminEmails.length > 0 || (await hasConfirmedAccount(tx))) return 'user';
  await lockRoles(tx);
  // Read again under the lock: a confirmation that held it first has committed its account by now.
  return (await hasConfirmedAccount(tx)) ? 'user' : 'admin';
}

/** Makes the accounts ADMIN_EMAILS names admins (at start, for accounts made before they were listed). */
export async function grantAdminEmails(db: Database, adminEmails: string[]): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const granted = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(inArray(users.email, adminEmails), eq(users.role, 'user')))
    .returning({ email: users.email });
  return granted.map((row) => row.email);
}

/**
 * Refuses an action that would leave the server without an admin who can sign in (a disabled admin cannot):
 * held under the roles lock (its caller's transaction), so two admins acting on each other at once cannot
 * both succeed.
 */
export async function assertAnotherAdminRemains(tx: Transaction, userId: string): Promise<void> {
  await lockRoles(tx);
  const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (account?.role !== 'admin') return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  if (!other) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
}

/**
 * Gives the account at `email` the role `role`; 404 for an unknown address, 409 for the demotion of the
 * last admin who can sign in, or of `byAdminId` (the console's caller) themselves. Says whether anything
 * changed.
 */
export async function setRoleByEmail(
  db: Database,
  email: string,
  role: UserRole,
  options: { byAdminId?: string } = {},
): Promise<{ isChanged: boolean }> {
  return db.transaction(async (tx) => {
    await lockRoles(tx);
    const [account] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    if (!account) throw new AppError('NOT_FOUND', `No account has the address ${email}`);
    if (account.role === role) return { isChanged: false };
    if (role === 'user') {
      await assertAnotherAdminRemains(tx, account.id);
      // An admin who demoted themselves would lose the console mid-action, as disabling oneself would.
      if (account.id === options.byAdminId) throw new AppError('CONFLICT', 'You cannot revoke your own admin role');
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, account.id));
    return { isChanged: true };
  });
}
