/**
 * The sign-ups of an unconfirmed address, each keeping its own name and password (decision 039): a registration
 * never changes another's password, and the one that becomes the account's is the one whose password the
 * confirming person types beside a link of the address.
 */
import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { pendingRegistrations } from '../../db/schema';
import { newId } from '../../lib/secure-tokens';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import { verifyAgainstDummy, verifyPassword } from './password';

/**
 * The registrations an address keeps at once; a newer one drops the oldest, so whoever signs up last (the
 * address's owner, say, after a stranger's sign-ups) always has theirs kept, and a sign-in never checks more.
 */
export const PENDING_REGISTRATIONS_MAX = 5;

type Reader = Database | Transaction;
type PendingRegistration = typeof pendingRegistrations.$inferSelect;

/** Keeps this registration beside the others; expired ones and those over the limit are dropped. */
export async function addPendingRegistration(
  tx: Transaction,
  userId: string,
  registration: { name: string; passwordHash: string },
): Promise<void> {
  const now = new Date();
  await tx
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.userId, userId), lte(pendingRegistrations.expiresAt, now)));
  await tx.insert(pendingRegistrations).values({
    id: newId(),
    userId,
    ...registration,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS.confirm),
  });
  const kept = await tx
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.userId, userId))
    .orderBy(desc(pendingRegistrations.createdAt), desc(pendingRegistrations.id))
    .offset(PENDING_REGISTRATIONS_MAX);
  if (kept.length > 0) {
    await tx.delete(pendingRegistrations).where(
      inArray(
        pendingRegistrations.id,
        kept.map((row) => row.id),
      ),
    );
  }
}

function livePendingRegistrations(db: Reader, userId: string): Promise<PendingRegistration[]> {
  return db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.userId, userId), gt(pendingRegistrations.expiresAt, new Date())))
    .orderBy(desc(pendingRegistrations.createdAt));
}

/** Whether the account has a registration a link could still confirm (what a new link is worth sending for). */
export async function hasPendingRegistration(db: Reader, userId: string): Promise<boolean> {
  return (await livePendingRegistrations(db, userId)).length > 0;
}

/**
 * The live registration whose password this is, newest first; an account with none spends a dummy verification,
 * as an unknown address does.
 */
export async function registrationWithPassword(
  db: Reader,
  userId: string,
  password: string,
): Promise<PendingRegistration | undefined> {
  const registrations = await livePendingRegistrations(db, userId);
  if (registrations.length === 0) {
    await verifyAgainstDummy(password);
    return undefined;
  }
  for (const registration of registrations) {
    if (await verifyPassword(registration.passwordHash, password)) return registration;
  }
  return undefined;
}

/** A new link gives the registrations its own lifetime: a password lives as long as a link could confirm it. */
export async function extendPendingRegistrations(db: Reader, userId: string): Promise<void> {
  await db
    .update(pendingRegistrations)
    .set({ expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.confirm) })
    .where(and(eq(pendingRegistrations.userId, userId), gt(pendingRegistrations.expiresAt, new Date())));
}

export async function dropPendingRegistrations(tx: Reader, userId: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, userId));
}
