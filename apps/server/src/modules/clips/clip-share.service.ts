import type { ClipShareSettings, ClipView, OpenedClip, UpdateClipShareRequest } from '@clipsync/shared';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { clipFiles, clips } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { newId } from '../../lib/secure-tokens';
import { hashPassword, verifyPassword } from '../auth/password';
import { clipNotFound, reachClip, viewerPresentation } from './clip-access';
import { hasLinkEnded, isLinkOpen, isPrivateLink, needsOpening } from './clip-link';
import { listViews, recordView, type ViewerInfo } from './clip-views';
import { clipColumns, type ClipRow } from './clip-columns';
import type { ClipsContext } from './clips.context';
import { clipPolicy } from './clips.policy';
import { toClip, toClipSavedEvent, toShareSettings } from './clips.presenter';
import { filesOf, findClipOr404 } from './clips.service';

/** Others following the clip by this link stop hearing it (clips.broadcasts.ts keeps the owner's sockets). */
function revokeLink(ctx: ClipsContext, clip: ClipRow): void {
  if (!clip.shareId) return;
  ctx.events.emit('clip.share-revoked', { clipId: clip.id, shareId: clip.shareId, ownerId: clip.userId });
}

/**
 * The owner sets the link's expiry, view limit, password and whether the clip goes with the link when it
 * ends (a field left out keeps its setting, null clears it). A clip without a working link (stopped, or
 * ended: expired or spent, whether or not the expiry job came by yet) gets a new one under a new id, with its
 * views counted from zero and none of the ended link's limits but its password: "Share again" shows that it
 * is kept (the owner cannot be shown it to type it again). Protecting a clip stops everyone else following
 * it live.
 */
export async function updateShare(
  ctx: ClipsContext,
  actor: Actor,
  clipId: string,
  input: UpdateClipShareRequest,
): Promise<ClipShareSettings> {
  requireSignedIn(actor);
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'share', actor, clip);
  if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'Invalid body.expiresAt: the link must expire in the future');
  }
  const isNewLink = clip.shareId === null || hasLinkEnded(clip);
  const change: Partial<ClipRow> = isNewLink
    ? {
        shareId: newId(),
        shareViewsUsed: 0,
        shareState: null,
        shareExpiresAt: null,
        shareExpirySetAt: null,
        shareMaxViews: null,
        shareDeleteAfter: false,
      }
    : {};
  if (input.expiresAt !== undefined) {
    change.shareExpiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    change.shareExpirySetAt = input.expiresAt ? new Date() : null;
  }
  if (input.maxViews !== undefined) change.shareMaxViews = input.maxViews;
  if (input.deleteAfter !== undefined) change.shareDeleteAfter = input.deleteAfter;
  if (input.maxViews !== undefined || isNewLink) {
    // A budget lowered to the views already spent is spent now (and ends after the same grace).
    const used = change.shareViewsUsed ?? clip.shareViewsUsed;
    const max = change.shareMaxViews === undefined ? clip.shareMaxViews : change.shareMaxViews;
    change.shareSpentAt = max !== null && used >= max ? (clip.shareSpentAt ?? new Date()) : null;
  }
  // The password is hashed here and kept nowhere else: never stored, logged or answered in clear.
  if (input.password !== undefined) {
    change.sharePasswordHash = input.password ? await hashPassword(input.password) : null;
  }
  if (Object.keys(change).length === 0) return toShareSettings(clip);
  const [updated] = await ctx.db
    .update(clips)
    .set(change)
    .where(and(eq(clips.id, clip.id), eq(clips.userId, clip.userId)))
    .returning(clipColumns);
  if (!updated) throw clipNotFound();
  // The link's settings shape what others are answered (an expiry, a view limit, a password, a new id).
  ctx.sharedAnswers?.forget(clip.id);
  // Those who followed without opening, or opened with a password that is no longer the one, are let go.
  const newPassword = updated.sharePasswordHash !== null && updated.sharePasswordHash !== clip.sharePasswordHash;
  if (!isNewLink && ((needsOpening(updated) && !needsOpening(clip)) || newPassword)) revokeLink(ctx, clip);
  // A link that ended before the expiry job came by still had followers: the new link is not theirs.
  if (isNewLink && clip.shareId !== null && clip.shareState === null) revokeLink(ctx, clip);
  return toShareSettings(updated);
}

/**
 * The owner stops the link at once: it answers 404, its grants end, its followers are dropped. The clip stays
 * whatever `shareDeleteAfter` says: that choice is about a link running out, and deleting is its own action.
 */
export async function removeShare(ctx: ClipsContext, actor: Actor, clipId: string): Promise<void> {
  requireSignedIn(actor);
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'share', actor, clip);
  await ctx.db
    .update(clips)
    .set({
      shareId: null,
      shareExpiresAt: null,
      shareExpirySetAt: null,
      shareMaxViews: null,
      sharePasswordHash: null,
      shareViewsUsed: 0,
      shareSpentAt: null,
      shareDeleteAfter: false,
    })
    .where(eq(clips.id, clip.id));
  revokeLink(ctx, clip);
}

/**
 * A wrong password counts against the link from this address, the link from everywhere and this address on
 * every link (as sign-in counts: lib/attempt-limiter.ts): others' guesses lock the rightful recipient out
 * only once the link's own, much higher, bound is spent. While any of them is spent nothing is checked, and
 * the wait is the longest of theirs.
 */
async function checkPassword(
  ctx: ClipsContext,
  clip: ClipRow,
  password: string | undefined,
  addressKey: string,
): Promise<void> {
  if (clip.sharePasswordHash === null) return;
  const { perLinkAndAddress, perLink, perAddress } = ctx.passwordMisses;
  const counters = [
    { limiter: perLinkAndAddress, key: `share-password:link:${clip.id}:address:${addressKey}` },
    { limiter: perLink, key: `share-password:link:${clip.id}` },
    { limiter: perAddress, key: `share-password:address:${addressKey}` },
  ];
  const wait = Math.max(...(await Promise.all(counters.map(({ limiter, key }) => limiter.check(key)))));
  if (wait > 0) {
    const error = new AppError('RATE_LIMITED', 'Too many wrong passwords. Please try again later.');
    error.retryAfterSeconds = wait;
    throw error;
  }
  // No password is no attempt (the first click, before the form): refused, not counted.
  if (password === undefined) throw new AppError('WRONG_PASSWORD', 'This clip needs its password');
  if (await verifyPassword(clip.sharePasswordHash, password)) return;
  await Promise.all(counters.map(({ limiter, key }) => limiter.hit(key)));
  throw new AppError('WRONG_PASSWORD');
}

/**
 * Spends one view of a limited link in one UPDATE that only matches while a view is left, the link open
 * and unexpired: of two opens racing for the last view exactly one gets a row back, the other the 404.
 */
async function spendView(ctx: ClipsContext, clip: ClipRow): Promise<ClipRow> {
  const [spent] = await ctx.db
    .update(clips)
    .set({
      shareViewsUsed: sql`${clips.shareViewsUsed} + 1`,
      shareSpentAt: sql`case when ${clips.shareViewsUsed} + 1 >= ${clips.shareMaxViews} then now() end`,
    })
    .where(
      and(
        eq(clips.id, clip.id),
        eq(clips.shareId, clip.shareId ?? ''),
        isNull(clips.shareState),
        lt(clips.shareViewsUsed, clips.shareMaxViews),
        or(isNull(clips.shareExpiresAt), sql`${clips.shareExpiresAt} > now()`),
      ),
    )
    .returning(clipColumns);
  if (!spent) throw clipNotFound();
  return spent;
}

/**
 * "Show clip": the content and files of a clip opened by its link, after its password if it has one,
 * spending one view if the link counts them, logged for its owner; and a view grant to follow it live and
 * fetch its files. Its owner opens it freely, spending nothing and logging nothing.
 */
export async function openClip(
  ctx: ClipsContext,
  actor: Actor,
  id: string,
  input: { password?: string; viewer: ViewerInfo; addressKey: string },
): Promise<OpenedClip> {
  const access = await reachClip(ctx, actor, id);
  if (access.isOwner) {
    const files = (await filesOf(ctx.db, [access.clip])).get(access.clip.id) ?? [];
    const grant = ctx.grants.sign(access.clip);
    return {
      clip: toClip(access.clip, files, actor),
      grant: { token: grant.token, expiresAt: grant.expiresAt.toISOString() },
    };
  }
  await checkPassword(ctx, access.clip, input.password, input.addressKey);
  const isCounted = access.clip.shareMaxViews !== null;
  const clip = isCounted ? await spendView(ctx, access.clip) : access.clip;
  const grant = ctx.grants.sign(clip);
  // This clip's views gathered before this one are written first, so its log keeps the order they happened in.
  await ctx.viewLog.flushFor(clip.id);
  const [files] = await Promise.all([
    filesOf(ctx.db, [clip]),
    recordView(ctx.db, {
      clipId: clip.id,
      viewerId: actor?.userId ?? null,
      spentView: isCounted,
      viewer: input.viewer,
    }),
  ]);
  if (clip.shareId && isPrivateLink(clip)) {
    ctx.events.emit('clip.private-link-viewed', { clipId: clip.id, ownerId: clip.userId, shareId: clip.shareId });
  }
  const presentation = viewerPresentation(ctx, { ...access, clip }, grant.token);
  return {
    clip: toClip(clip, files.get(clip.id) ?? [], actor, presentation),
    grant: { token: grant.token, expiresAt: grant.expiresAt.toISOString() },
  };
}

/** The owner's view log of their clip, newest first. */
export async function getViewLog(ctx: ClipsContext, actor: Actor, clipId: string): Promise<ClipView[]> {
  requireSignedIn(actor);
  const clip = await findClipOr404(ctx.db, clipId);
  authorize(clipPolicy, 'viewLog', actor, clip);
  // A view answered a moment ago is the owner's to see now, not after the batch's next write.
  await ctx.viewLog.flushFor(clip.id);
  return listViews(ctx.db, clip.id);
}

/** Links one expiry tick ends at most; the next tick takes the rest. */
const EXPIRY_BATCH = 100;
/**
 * How long a clip whose last view was spent keeps its link for that last viewer to download its files (their
 * links carry the grant the open gave): with the job's 20 s tick, ended within a minute of the last view.
 */
export const SPENT_CLIP_GRACE_MS = 30_000;

/**
 * The expiry job: links that expired, or whose every view was spent SPENT_CLIP_GRACE_MS ago, end. The link
 * answers 404 from then on and `share_state` says why, which their owner's answers carry. The clip stays as
 * it is, unless its owner chose `shareDeleteAfter`: then its text is emptied and its files deleted (rows,
 * then stored bytes), and it stays in the owner's history (not a draft), without content.
 */
export async function expireShares(ctx: ClipsContext, now = new Date()): Promise<number> {
  // Two questions, each answered by its own partial index (clips_share_expiry_idx, clips_share_spent_idx),
  // rather than one OR that would read every clip every tick. Either way of ending sets share_state, which
  // takes the clip out of both indexes.
  const live = isNull(clips.shareState);
  const [expired, spent] = await Promise.all([
    ctx.db
      .select({ id: clips.id })
      .from(clips)
      .where(and(live, lte(clips.shareExpiresAt, now)))
      .limit(EXPIRY_BATCH),
    ctx.db
      .select({ id: clips.id })
      .from(clips)
      .where(and(live, lte(clips.shareSpentAt, new Date(now.getTime() - SPENT_CLIP_GRACE_MS))))
      .limit(EXPIRY_BATCH),
  ]);
  const due = new Set([...expired, ...spent].map(({ id }) => id));
  let ended = 0;
  for (const id of due) if (await endLink(ctx, id, now)) ended += 1;
  return ended;
}

/**
 * Ends one due link under a lock on its clip (an edit or a file change waits); empties the clip too when its
 * owner chose so, then deletes its stored files.
 */
async function endLink(ctx: ClipsContext, clipId: string, now: Date): Promise<boolean> {
  const result = await ctx.db.transaction(async (tx) => {
    const [clip] = await tx.select(clipColumns).from(clips).where(eq(clips.id, clipId)).for('update');
    if (!clip || clip.shareState !== null) return null;
    const isExpired = !isLinkOpen(clip, now) && clip.shareId !== null;
    const isSpent = clip.shareSpentAt !== null && clip.shareSpentAt.getTime() <= now.getTime() - SPENT_CLIP_GRACE_MS;
    if (!isExpired && !isSpent) return null;
    const shareState = isExpired ? 'expired' : 'viewed';
    if (!clip.shareDeleteAfter) {
      await tx.update(clips).set({ shareState }).where(eq(clips.id, clipId));
      return { clip, emptied: null };
    }
    const removed = await tx
      .delete(clipFiles)
      .where(eq(clipFiles.clipId, clipId))
      .returning({ storageKey: clipFiles.storageKey });
    const [row] = await tx
      .update(clips)
      .set({
        content: '',
        hasFiles: false,
        fileNames: '',
        // Kept out of the draft sweep: the owner's history shows it as expired or viewed.
        isDraft: false,
        version: sql`${clips.version} + 1`,
        shareState,
        updatedAt: now,
      })
      .where(eq(clips.id, clipId))
      .returning(clipColumns);
    return row ? { clip, emptied: { row, storageKeys: removed.map(({ storageKey }) => storageKey) } } : null;
  });
  if (!result) return false;
  revokeLink(ctx, result.clip);
  if (!result.emptied) return true;
  ctx.events.emit('clip.content-saved', toClipSavedEvent(result.emptied.row, []));
  // The stored bytes go once the rows are gone for good (as deleteClipFile does).
  await Promise.all(result.emptied.storageKeys.map((key) => ctx.files.delete(key)));
  return true;
}
