import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  ChangeClipboardPassphraseRequest,
  ClipboardKeyStatus,
  EnableClipboardKeyRequest,
  UnlockClipboardKeyRequest,
  UnlockedClipboardKey,
} from '@clipsync/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clipboardKeys, clips } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { describeWait } from '../../lib/attempt-limiter';
import type { ClipboardKeyContext } from './clipboard-key.context';

type KeyRow = typeof clipboardKeys.$inferSelect;

const WRONG_PROOF = 'The passphrase or recovery key is wrong';
const NOT_SEALED = 'Your clipboard is not encrypted end to end';

/** What the server keeps of a proof: its SHA-256. A proof is 256 random-looking bits, so no stretching. */
const proofHash = (proof: string) => createHash('sha256').update(proof).digest('base64url');

/**
 * The owner's clips either side of the seal, counted in one pass over them. Not drafts, as the clip list
 * (`sealed=`) shows none: an empty clip holds nothing to seal, and goes by itself within a day.
 */
async function clipCountsOf(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({
      plainClips: sql<number>`count(*) filter (where not ${clips.encrypted})`.mapWith(Number),
      sealedClips: sql<number>`count(${clips.wrappedKey})`.mapWith(Number),
    })
    .from(clips)
    .where(and(eq(clips.userId, userId), eq(clips.isDraft, false)));
  return { plainClips: row?.plainClips ?? 0, sealedClips: row?.sealedClips ?? 0 };
}

async function statusOf(
  ctx: ClipboardKeyContext,
  userId: string,
  row: KeyRow | undefined,
): Promise<ClipboardKeyStatus> {
  return {
    enabled: row !== undefined,
    keyId: row?.keyId ?? null,
    passphraseSalt: row?.passphraseCopy.kind === 'passphrase' ? row.passphraseCopy.salt : null,
    ...(await clipCountsOf(ctx.db, userId)),
  };
}

async function keyRowOf(ctx: ClipboardKeyContext, userId: string): Promise<KeyRow | undefined> {
  const [row] = await ctx.db.select().from(clipboardKeys).where(eq(clipboardKeys.userId, userId));
  return row;
}

export async function getClipboardKeyStatus(ctx: ClipboardKeyContext, actor: Actor): Promise<ClipboardKeyStatus> {
  const { userId } = requireSignedIn(actor);
  return statusOf(ctx, userId, await keyRowOf(ctx, userId));
}

/** Seals the account's clipboard from now on: the key's two wrapped copies, made on the device. */
export async function enableClipboardKey(
  ctx: ClipboardKeyContext,
  actor: Actor,
  request: EnableClipboardKeyRequest,
): Promise<ClipboardKeyStatus> {
  const { userId } = requireSignedIn(actor);
  const [row] = await ctx.db
    .insert(clipboardKeys)
    .values({
      userId,
      keyId: request.keyId,
      passphraseCopy: request.passphrase.wrapped,
      passphraseProofHash: proofHash(request.passphrase.unlockProof),
      recoveryCopy: request.recovery.wrapped,
      recoveryProofHash: proofHash(request.recovery.unlockProof),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('CONFLICT', 'Your clipboard is encrypted end to end already');
  return statusOf(ctx, userId, row);
}

/**
 * The row, once `proof` is one of its copies' proofs. A wrong one counts against the account (10 in 15 minutes,
 * then 429 until the window ends), as a wrong sign-in password does, whichever device sent it.
 */
async function provedRow(ctx: ClipboardKeyContext, userId: string, proof: UnlockClipboardKeyRequest) {
  const retryAfter = await ctx.unlockFailures.check(userId);
  if (retryAfter > 0) throw tooManyTries(retryAfter);
  const row = await keyRowOf(ctx, userId);
  if (!row) throw new AppError('NOT_FOUND', NOT_SEALED);
  const kept = proof.kind === 'passphrase' ? row.passphraseProofHash : row.recoveryProofHash;
  if (!sameText(kept, proofHash(proof.unlockProof))) {
    const lockedFor = await ctx.unlockFailures.hit(userId);
    throw lockedFor > 0 ? tooManyTries(lockedFor) : new AppError('WRONG_PASSWORD', WRONG_PROOF);
  }
  return row;
}

export async function unlockClipboardKey(
  ctx: ClipboardKeyContext,
  actor: Actor,
  proof: UnlockClipboardKeyRequest,
): Promise<UnlockedClipboardKey> {
  const row = await provedRow(ctx, requireSignedIn(actor).userId, proof);
  return { keyId: row.keyId, wrapped: proof.kind === 'passphrase' ? row.passphraseCopy : row.recoveryCopy };
}

/** A new passphrase wraps the same key: nothing sealed changes, and the recovery key stays valid. */
export async function changeClipboardPassphrase(
  ctx: ClipboardKeyContext,
  actor: Actor,
  request: ChangeClipboardPassphraseRequest,
): Promise<ClipboardKeyStatus> {
  const { userId } = requireSignedIn(actor);
  await provedRow(ctx, userId, request.proof);
  const [row] = await ctx.db
    .update(clipboardKeys)
    .set({
      passphraseCopy: request.passphrase.wrapped,
      passphraseProofHash: proofHash(request.passphrase.unlockProof),
      updatedAt: new Date(),
    })
    .where(eq(clipboardKeys.userId, userId))
    .returning();
  return statusOf(ctx, userId, row);
}

export async function disableClipboardKey(
  ctx: ClipboardKeyContext,
  actor: Actor,
  proof: UnlockClipboardKeyRequest,
): Promise<void> {
  const { userId } = requireSignedIn(actor);
  await provedRow(ctx, userId, proof);
  // Asked in the delete itself: a clip sealed meanwhile keeps the key. Off with sealed clips left, they would
  // be unreadable for good (no device could unlock their keys again): a device unseals them first. An empty
  // draft is not listed to unseal, and holds nothing to lose.
  const [removed] = await ctx.db
    .delete(clipboardKeys)
    .where(
      and(
        eq(clipboardKeys.userId, userId),
        sql`not exists (select 1 from ${clips} where ${clips.userId} = ${userId} and ${isNotNull(clips.wrappedKey)} and not ${clips.isDraft})`,
      ),
    )
    .returning({ userId: clipboardKeys.userId });
  if (!removed) {
    throw new AppError(
      'CLIPBOARD_SEALED',
      'Some clips are still sealed by this key: unseal them on an unlocked device before turning the encryption off',
    );
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function tooManyTries(retryAfter: number): AppError {
  const error = new AppError(
    'RATE_LIMITED',
    `Too many wrong passphrases for this account. Please try again in ${describeWait(retryAfter)}.`,
  );
  error.retryAfterSeconds = retryAfter;
  return error;
}
