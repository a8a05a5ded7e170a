import type { ClipRow } from './clip-columns';

// What a clip row's link allows, from the row alone: the presenter reads these too, and it must not import
// clip-access.ts, which queries the database.

/** Reading this clip's content takes a view (a view limit) or a password: others get its card first. */
export function needsOpening(clip: ClipRow): boolean {
  return clip.shareMaxViews !== null || clip.sharePasswordHash !== null;
}

/** A private link, whose first view its owner may be told of: a view limit, a password or an expiry. */
export function isPrivateLink(clip: ClipRow): boolean {
  return needsOpening(clip) || clip.shareExpiresAt !== null;
}

/**
 * Others need a view grant for this clip's files: a protected clip's, or once its link is no longer the
 * clip's own id (a file id learnt through a stopped link must not outlive it). A clip whose owner never
 * changed its link keeps its plain file links, as before.
 */
export function needsGrantForFiles(clip: ClipRow): boolean {
  return needsOpening(clip) || clip.shareId !== clip.id;
}

export function viewsLeftOf(clip: ClipRow): number | null {
  return clip.shareMaxViews === null ? null : Math.max(clip.shareMaxViews - clip.shareViewsUsed, 0);
}

/** The link works: not stopped, not emptied by the expiry job, not expired; views are asked separately. */
export function isLinkOpen(clip: ClipRow, now = new Date()): boolean {
  return (
    clip.shareId !== null &&
    clip.shareState === null &&
    (clip.shareExpiresAt === null || clip.shareExpiresAt.getTime() > now.getTime())
  );
}

/**
 * The link no longer answers anyone but its owner: the expiry job ended it, or, before its next tick, it
 * expired or its last view was spent. Saving its settings then makes a new link rather than revive this one.
 */
export function hasLinkEnded(clip: ClipRow, now = new Date()): boolean {
  if (clip.shareId === null) return false;
  return clip.shareState !== null || !isLinkOpen(clip, now) || clip.shareSpentAt !== null;
}

/** When a link that ended stopped answering: its expiry, or its last view (null while it works). */
export function linkEndedAt(clip: ClipRow, now = new Date()): Date | null {
  if (!hasLinkEnded(clip, now)) return null;
  const expired = clip.shareExpiresAt !== null && clip.shareExpiresAt.getTime() <= now.getTime();
  if (clip.shareState === 'expired' || (clip.shareState === null && expired)) return clip.shareExpiresAt;
  return clip.shareSpentAt;
}

/**
 * Every signed-out reader of this clip's link is given the same answer: the link open, nothing private about
 * it, and no grant in its file links. Only such an answer is remembered (shared-clip-answers.ts).
 */
export function isAnsweredAlikeToAll(clip: ClipRow): boolean {
  return isLinkOpen(clip) && !needsGrantForFiles(clip) && !isPrivateLink(clip);
}
