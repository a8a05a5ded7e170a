import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';

export type EmailTokenPurpose = 'confirm' | 'reset';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Issues a mailed link's token; only its hash is stored. */
export async function issueEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMs = EMAIL_TOKEN_TTL_MS[purpose],
): Promise<string> {
  const token = newSecretToken();
  await db.insert(emailTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

export type ConsumeResult = { status: 'ok'; userId: string } | { status: 'expired' } | { status: 'invalid' };

/** Marks the token used in the same statement that checks it, so two clicks cannot both succeed. */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<ConsumeResult> {
  const tokenHash = hashToken(token);
  const [consumed] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
    .returning();
  if (!consumed) return { status: 'invalid' };
  if (consumed.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
  return { status: 'ok', userId: consumed.userId };
}

/** The token's row whether used or not: the confirmation page asks what became of its link. */
export async function findEmailToken(db: Database, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  return row;
}

/** Voids every unused link of a purpose (a newer link or a completed reset makes older ones useless). */
export async function voidEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * The password of an account no registration has confirmed: not an argon2 hash, so no password signs in with it
 * (a sign-in checks the account's registrations instead, pending-registrations.ts).
 */
export const NO_PASSWORD_YET = '!unconfirmed';
