/**
 * An account's address proved (decision 039): by a confirmation link together with a password one of its
 * registrations chose, by a reset link, or by an admin's invitation. The proof is the moment the account
 * becomes someone's, so it is also when the first-admin rule is decided.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { roleOnConfirmation } from '../accounts/roles.service';
import type { AuthContext } from './auth.context';
import { voidEmailTokens } from './email-tokens';
import { dropPendingRegistrations } from './pending-registrations';

const FIRST_ADMIN_LOG = "The first account confirmed its address: it is this server's admin";

type Account = typeof users.$inferSelect;

/**
 * Confirms the account in `tx` with what the proof chose (the password, the name), its role decided under the
 * roles lock; every other registration and confirmation link of it dies. Undefined when the account was
 * confirmed meanwhile (by another proof that won the race): it is someone's already.
 */
export async function confirmAccount(
  tx: Transaction,
  adminEmails: string[],
  account: Pick<Account, 'id' | 'email' | 'role'>,
  chosen: { passwordHash?: string; name?: string },
): Promise<{ account: Account; isFirstAdmin: boolean } | undefined> {
  const role = account.role === 'admin' ? 'admin' : await roleOnConfirmation(tx, account.email, adminEmails);
  const now = new Date();
  const [confirmed] = await tx
    .update(users)
    .set({ ...chosen, role, emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, account.id), isNull(users.emailConfirmedAt)))
    .returning();
  if (!confirmed) return undefined;
  await dropPendingRegistrations(tx, account.id);
  await voidEmailTokens(tx, account.id, 'confirm');
  const isFirstAdmin = role === 'admin' && account.role !== 'admin' && adminEmails.length === 0;
  return { account: confirmed, isFirstAdmin };
}

/** After the commit: the operator's log names the first admin, and listeners find the account they hear of. */
export function announceConfirmed(
  ctx: Pick<AuthContext, 'events' | 'log'>,
  confirmed: { account: Account; isFirstAdmin: boolean },
): void {
  if (confirmed.isFirstAdmin) ctx.log.info({ userId: confirmed.account.id }, FIRST_ADMIN_LOG);
  ctx.events.emit('account.confirmed', { userId: confirmed.account.id, email: confirmed.account.email });
}
