import type {
  CreateReportRequest,
  ReportedItemContent,
  ReportedItemParams,
  ReportQueue,
  ReportQueueQuery,
} from '@clipsync/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { contentReports, takedowns } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/secure-tokens';
import type { ModerationContext } from './moderation.context';
import { findItemById, findItemByLink, readItemContent } from './moderation.items';
import { listReportQueue, resolveReports } from './moderation.queue';
import { takedownOf } from './moderation.takedown-check';

/**
 * A visitor's report of a link (no account). The item's owner is kept with it for the queue, never told to
 * the reporter; the reporter's address is counted by the route's limit and not stored.
 */
export async function reportLink(ctx: ModerationContext, input: CreateReportRequest): Promise<void> {
  const item = await findItemByLink(ctx.db, input.kind, input.link);
  await ctx.db.insert(contentReports).values({
    id: newId(),
    itemKind: item.kind,
    itemId: item.id,
    ownerId: item.ownerId,
    reason: input.reason,
    note: input.note || null,
  });
}

export function listReports(ctx: ModerationContext, query: ReportQueueQuery): Promise<ReportQueue> {
  return listReportQueue(ctx.db, query);
}

/** The item's content, only when an admin asks for it (the queue never carries it). */
export async function openReportedItem(
  ctx: ModerationContext,
  params: ReportedItemParams,
): Promise<ReportedItemContent> {
  return readItemContent(ctx.db, await findItemById(ctx.db, params.kind, params.id));
}

/**
 * Takes the item down: from now on every read but its owner's answers 410 `TAKEN_DOWN`, its live viewers are
 * told, and its open reports are handled. 409 when it is taken down already.
 */
export async function takeDown(
  ctx: ModerationContext,
  actor: Actor,
  params: ReportedItemParams,
  reason: string,
): Promise<void> {
  const { userId } = requireSignedIn(actor);
  const item = await findItemById(ctx.db, params.kind, params.id);
  if (await takedownOf(ctx.db, item.kind, item.id)) {
    throw new AppError('CONFLICT', 'This item is taken down already.');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(takedowns).values({
      id: newId(),
      itemKind: item.kind,
      itemId: item.id,
      ownerId: item.ownerId,
      reason,
      takenDownBy: userId,
    });
    await resolveReports(tx, item.kind, item.id, 'taken-down');
  });
  ctx.events.emit('item.taken-down', {
    kind: item.kind,
    itemId: item.id,
    ownerId: item.ownerId,
    channelIds: item.channelIds,
  });
}

/** Ends the takedown in force: the link works again as it did (404 when there is none). */
export async function restore(ctx: ModerationContext, params: ReportedItemParams): Promise<void> {
  const ended = await ctx.db
    .update(takedowns)
    .set({ restoredAt: new Date() })
    .where(and(eq(takedowns.itemKind, params.kind), eq(takedowns.itemId, params.id), isNull(takedowns.restoredAt)))
    .returning({ id: takedowns.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', 'This item is not taken down.');
}

/** Closes the item's open reports without acting on it. */
export async function dismiss(ctx: ModerationContext, params: ReportedItemParams): Promise<void> {
  await resolveReports(ctx.db, params.kind, params.id, 'dismissed');
}
