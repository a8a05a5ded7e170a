import { createHash } from 'node:crypto';
import { SHARE_CLAIM_LIFETIME_MS, type ClaimedShare, type ShareClaim } from '@clipsync/shared';
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { shareClaims, type ShareClaimStoredFile } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';
import { storeUpload, type IncomingUpload } from '../../storage/store-upload';
import { createClipOfStoredFiles } from '../clips/clips.service';
import type { ShareClaimsContext } from './share-claims.context';

/**
 * Why a share was not kept, as `/share?not-received=<reason>` says (each worded by the web's share page):
 * `malformed` is a form that cannot be read (cut short, unframed) or a field no string may hold (a NUL).
 */
export type RefusedShareReason = 'rate-limited' | 'busy' | 'too-large' | 'too-many-files' | 'malformed';

export class RefusedShare extends Error {
  override name = 'RefusedShare';
  constructor(readonly reason: RefusedShareReason) {
    super(`share not kept: ${reason}`);
  }
}

/** Keeps of every node take turns on this lock, so two cannot both fit the last room under the caps. */
const KEEP_LOCK = [0x73686172, createHash('sha256').update('share-claims').digest().readInt32BE(0)] as const;

const notFound = () =>
  new AppError('NOT_FOUND', 'This share is no longer waiting: it was saved, discarded or expired.');

async function waitingTotals(db: Pick<Transaction, 'select'>): Promise<{ waiting: number; bytes: number }> {
  const [totals] = await db
    .select({ waiting: count(), bytes: sql`coalesce(sum(${shareClaims.totalBytes}), 0)`.mapWith(Number) })
    .from(shareClaims);
  return { waiting: totals?.waiting ?? 0, bytes: totals?.bytes ?? 0 };
}

/**
 * Before a byte is read: the sender's address may keep SHARE_CLAIMS_PER_ADDRESS shares per window, and
 * what waits must leave room for this share (its declared length, a bound on its files' bytes).
 */
export async function assertShareWelcome(
  ctx: ShareClaimsContext,
  addressKey: string,
  declaredBytes: number,
): Promise<void> {
  if ((await ctx.perAddress.hit(`share-claims:${addressKey}`)) > 0) throw new RefusedShare('rate-limited');
  const { waiting, bytes } = await waitingTotals(ctx.db);
  if (waiting >= ctx.caps.maxWaiting || bytes >= ctx.caps.maxBytes) throw new RefusedShare('busy');
  if (bytes + declaredBytes > ctx.caps.maxBytes) throw new RefusedShare('busy');
}

/** Streams one shared file into the store under a new key (10 MB rule); nothing kept when it is refused. */
export async function storeSharedFile(ctx: ShareClaimsContext, file: IncomingUpload): Promise<ShareClaimStoredFile> {
  try {
    // No row names the file yet: keepShare does, and forgetStoredFiles deletes it if the share is not kept.
    return await storeUpload(ctx.files, file, async (stored) => stored);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw new RefusedShare('too-large');
    throw error;
  }
}

/** Deletes kept files whose share is gone (refused, discarded, expired). */
export async function forgetStoredFiles(
  ctx: Pick<ShareClaimsContext, 'files'>,
  files: readonly ShareClaimStoredFile[],
) {
  await Promise.all(files.map((file) => ctx.files.delete(file.storageKey)));
}

/**
 * Keeps a share of `content` and its stored files for SHARE_CLAIM_LIFETIME_MS; answers its claim link's token
 * (only its hash is stored). The caps are checked again with the files' real sizes, under a lock.
 */
export async function keepShare(
  ctx: ShareClaimsContext,
  share: { content: string; files: ShareClaimStoredFile[] },
): Promise<string> {
  const token = newSecretToken();
  const totalBytes = share.files.reduce((sum, file) => sum + file.size, 0);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEEP_LOCK[0]}, ${KEEP_LOCK[1]})`);
    const { waiting, bytes } = await waitingTotals(tx);
    if (waiting >= ctx.caps.maxWaiting || bytes + totalBytes > ctx.caps.maxBytes) throw new RefusedShare('busy');
    await tx.insert(shareClaims).values({
      id: newId(),
      tokenHash: hashToken(token),
      content: share.content,
      files: share.files,
      totalBytes,
      expiresAt: new Date(Date.now() + SHARE_CLAIM_LIFETIME_MS),
    });
  });
  return token;
}

const waitingUnder = (token: string) =>
  and(eq(shareClaims.tokenHash, hashToken(token)), gt(shareClaims.expiresAt, new Date()));

/** What waits under the link; the same 404 for an unknown, used or expired one. */
export async function getShareClaim(ctx: ShareClaimsContext, token: string): Promise<ShareClaim> {
  const [claim] = await ctx.db.select().from(shareClaims).where(waitingUnder(token));
  if (!claim) throw notFound();
  return {
    content: claim.content,
    files: claim.files.map(({ name, size, type }) => ({ name, size, type })),
    expiresAt: claim.expiresAt.toISOString(),
  };
}

/**
 * Makes the waiting share one clip of the signed-in caller's, holding its files (their keys move to the clip).
 * The claim is locked, used and deleted in the clip's transaction: of two racing claims one makes the clip and
 * the other finds nothing; a refusal (quota, files per clip) keeps the claim for another try.
 *
 * An account whose clipboard is encrypted end to end takes no clip the server can read (409 CLIPBOARD_SEALED),
 * and the share, which the server had to keep in clear (it could not know whose it was), is deleted at once with
 * its files rather than wait out its lifetime: the page already showed its text, and tells its user to add it in
 * the app, which seals it.
 */
export async function claimShare(ctx: ShareClaimsContext, actor: Actor, token: string): Promise<ClaimedShare> {
  try {
    const clip = await createClipOfStoredFiles(ctx.clips, actor, async (tx) => {
      const [claim] = await tx.select().from(shareClaims).where(waitingUnder(token)).for('update');
      if (!claim) return undefined;
      await tx.delete(shareClaims).where(eq(shareClaims.id, claim.id));
      return { content: claim.content, files: claim.files };
    });
    if (!clip) throw notFound();
    return { clipId: clip.id };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CLIPBOARD_SEALED') {
      await discardShareClaim(ctx, token).catch(() => undefined); // gone meanwhile: nothing left to delete
      throw new AppError(
        'CLIPBOARD_SEALED',
        'Your clipboard is encrypted end to end: the server does not keep shares for it. Paste the text, or add the files, in the app.',
      );
    }
    throw error;
  }
}

/** Anyone holding the link may drop the share: it and its files go at once. */
export async function discardShareClaim(ctx: ShareClaimsContext, token: string): Promise<void> {
  const [claim] = await ctx.db.delete(shareClaims).where(waitingUnder(token)).returning();
  if (!claim) throw notFound();
  await forgetStoredFiles(ctx, claim.files);
}

/** The job: shares nobody claimed in time are deleted, then their files. Answers how many went. */
export async function deleteExpiredShareClaims(ctx: ShareClaimsContext, now = new Date()): Promise<number> {
  const expired = await ctx.db
    .select({ id: shareClaims.id })
    .from(shareClaims)
    .where(lte(shareClaims.expiresAt, now))
    .limit(500);
  if (expired.length === 0) return 0;
  const gone = await ctx.db
    .delete(shareClaims)
    .where(
      inArray(
        shareClaims.id,
        expired.map((row) => row.id),
      ),
    )
    .returning();
  await forgetStoredFiles(
    ctx,
    gone.flatMap((claim) => claim.files),
  );
  return gone.length;
}
