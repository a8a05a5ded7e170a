import { and, eq, or } from 'drizzle-orm';
import { planAllowing } from '@clipsync/shared';
import { clips, takedowns, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { planName } from '../../lib/entitlements';
import { authorize } from '../../lib/policy';
import { isLinkOpen, needsGrantForFiles, viewsLeftOf } from './clip-link';
import { clipColumns, type ClipRow } from './clip-columns';
import type { ClipsContext } from './clips.context';
import type { ViewerPresentation } from './clips.presenter';
import { clipPolicy } from './clips.policy';
import { refuseIfTakenDown, takedownInForceOn } from '../moderation/takedowns.service';

/**
 * The one answer every expired, spent, stopped, deleted or never-existing link gets, whoever asks: nothing
 * in it (message, status, headers) tells them apart.
 */
export const clipNotFound = () => new AppError('NOT_FOUND', 'Clip not found');

/** How a caller reached a clip: as its owner, or by its link (`reachedBy`, the id they asked for). */
export interface ClipAccess {
  clip: ClipRow;
  isOwner: boolean;
  reachedBy: string;
  /** Someone else showed a valid view grant for this clip and its current link. */
  hasGrant: boolean;
}

/**
 * The one way to a clip by an id from outside (HTTP reads, downloads, `clip:join`, POST /open). Its owner
 * reaches it by its own id (or its link's); anyone else only by its link's id, while the link is open,
 * has views left (unless they hold a grant: they spent one already) and its owner's plan allows sharing.
 * Every other case is the same 404.
 */
export async function reachClip(
  ctx: ClipsContext,
  actor: Actor,
  id: string,
  grant?: string,
): Promise<ClipAccess & { ownerName: string }> {
  const byLink = eq(clips.shareId, id);
  // The owner's name, whether their account is disabled and a takedown in force come with the clip (the page
  // shows the name): one query on the path every link takes.
  const rows = await ctx.db
    .select({
      clip: clipColumns,
      ownerName: users.name,
      ownerDisabledAt: users.disabledAt,
      takenDownAt: takedowns.takenDownAt,
    })
    .from(clips)
    .innerJoin(users, eq(users.id, clips.userId))
    .leftJoin(takedowns, takedownInForceOn('clip', clips.id))
    .where(actor ? or(byLink, and(eq(clips.id, id), eq(clips.userId, actor.userId))) : byLink)
    .limit(2);
  const own = rows.find((row) => row.clip.userId === actor?.userId);
  if (own) return { clip: own.clip, isOwner: true, reachedBy: id, hasGrant: false, ownerName: own.ownerName };
  const linked = rows.find((row) => row.clip.shareId === id);
  if (!linked) throw clipNotFound();
  // A disabled owner's links answer as taken down (moderation/takedowns.service's refuseIfTakenDown).
  const isTakenDown = linked.takenDownAt !== null || linked.ownerDisabledAt !== null;
  return { ...(await reachByLink(ctx, actor, linked.clip, id, grant, isTakenDown)), ownerName: linked.ownerName };
}

/**
 * Someone else than the owner, holding the link `reachedBy` (or a file of it): the link's checks. Whether the
 * clip is taken down is asked here unless the caller read it with the clip (`isTakenDown`).
 */
export async function reachByLink(
  ctx: ClipsContext,
  actor: Actor,
  clip: ClipRow,
  reachedBy: string,
  grant?: string,
  isTakenDown?: boolean,
): Promise<ClipAccess> {
  if (!isLinkOpen(clip)) throw clipNotFound();
  if (isTakenDown === undefined) await refuseIfTakenDown(ctx.db, 'clip', clip.id);
  else if (isTakenDown) throw new AppError('TAKEN_DOWN');
  const hasGrant = ctx.grants.allows(grant, clip);
  if (!hasGrant && viewsLeftOf(clip) === 0) throw clipNotFound();
  authorize(clipPolicy, 'read', actor, clip);
  await requireSharingPlan(ctx, clip.userId);
  return { clip, isOwner: false, reachedBy, hasGrant };
}

/** Others read a clip by its link only while its owner's plan includes sharing (asked on every read). */
export async function requireSharingPlan(ctx: ClipsContext, ownerId: string): Promise<void> {
  await ctx.entitlements.require(ownerId, 'sharing', SHARING_REFUSAL);
}

// Built once: a remembered answer's read asks the plan and nothing else.
const SHARING_REFUSAL = `This clip's owner needs the ${planName(planAllowing('sharing'))} plan to share it.`;

/**
 * How the caller is shown the clip they reached: the owner as ever; anyone else under the link's id, with
 * their grant on the file links where files need one (a fresh one if they hold none: reading an unprotected
 * clip's content is allowed, and its files with it).
 */
export function viewerPresentation(
  ctx: ClipsContext,
  access: ClipAccess,
  grant?: string,
): ViewerPresentation | undefined {
  if (access.isOwner) return undefined;
  if (!needsGrantForFiles(access.clip)) return { reachedBy: access.reachedBy };
  return { reachedBy: access.reachedBy, fileAccess: grant ?? ctx.grants.sign(access.clip).token };
}
