import type {
  CreateReportRequest,
  ReportedItemContent,
  ReportedItemParams,
  ReportQueue,
  ReportQueueQuery,
  ReportedKind,
} from '@clipsync/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { contentReports, takedowns } from '../../../db/schema';
import { requireSignedIn, type Actor } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { newId } from '../../../lib/secure-tokens';
import { recordAdminAction, recordSecurityEventIn, type SecurityEventRecord } from '../../audit/audit.recorder';
import type { ModerationContext } from './reports.context';
import { findItemById, findItemByLink, readItemContent } from './reports.items';
import { mailAdminsOfReports } from './reports.notices';
import { listReportQueue, resolveReports } from './reports.queue';

/**
 * A visitor's report of a link (no account). The item's owner is kept with it for the queue, never told to
 * the reporter; the reporter's address is counted by the route's limit and not stored. The admins are
 * mailed that reports wait (at most once per admin per REPORT_MAIL_INTERVAL_MS).
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
  // The report is kept whatever happens here: an admin not mailed now is mailed by the job's next run.
  await mailAdminsOfReports(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'report mail not queued'));
}

export function listReports(ctx: ModerationContext, query: ReportQueueQuery): Promise<ReportQueue> {
  return listReportQueue(ctx.db, query);
}

/**
 * The item's content, only when an admin asks for it (the queue never carries it) and only for an item someone
 * reported (open or resolved): the queue is the reason to look, not a way to browse anyone's content. Each
 * read is written to the audit log before the content leaves; if it cannot be, the content is not shown.
 */
export async function openReportedItem(
  ctx: ModerationContext,
  actor: Actor,
  params: ReportedItemParams,
  requestId: string,
): Promise<ReportedItemContent> {
  const { userId } = requireSignedIn(actor);
  const [reported] = await ctx.db
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(and(eq(contentReports.itemKind, params.kind), eq(contentReports.itemId, params.id)))
    .limit(1);
  if (!reported) throw new AppError('NOT_FOUND');
  const item = await findItemById(ctx.db, params.kind, params.id);
  const content = await readItemContent(ctx.db, item);
  // A GET, which the admin routes' hook does not record: this one shows a user's content, so it is.
  await recordAdminAction(ctx.db, {
    action: 'moderation.content',
    actorId: userId,
    targetKind: item.kind,
    targetId: item.id,
    subjectUserId: item.ownerId,
    requestId,
    // The owner's Security events name the kind of item an admin opened.
    details: { itemKind: item.kind },
  });
  return content;
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
  await ctx.db.transaction(async (tx) => {
    // The partial unique index decides, not a read before: two admins taking it down at once get one 204 and
    // one 409 (a check then insert would let both pass the check and fail the second on the index).
    const inserted = await tx
      .insert(takedowns)
      .values({
        id: newId(),
        itemKind: item.kind,
        itemId: item.id,
        ownerId: item.ownerId,
        reason,
        takenDownBy: userId,
      })
      .onConflictDoNothing({ target: [takedowns.itemKind, takedowns.itemId], where: isNull(takedowns.restoredAt) })
      .returning({ id: takedowns.id });
    if (inserted.length === 0) throw new AppError('CONFLICT', 'This item is taken down already.');
    await resolveReports(tx, item.kind, item.id, 'taken-down');
    await recordSecurityEventIn(tx, ownerEvent(item.ownerId, 'item.taken_down', userId, item.kind, reason));
  });
  ctx.events.emit('moderation.item-taken-down', {
    kind: item.kind,
    itemId: item.id,
    ownerId: item.ownerId,
    channelIds: item.channelIds,
  });
}

/** Ends the takedown in force: the link works again as it did (404 when there is none). */
export async function restore(ctx: ModerationContext, actor: Actor, params: ReportedItemParams): Promise<void> {
  const { userId } = requireSignedIn(actor);
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(takedowns)
      .set({ restoredAt: new Date() })
      .where(and(eq(takedowns.itemKind, params.kind), eq(takedowns.itemId, params.id), isNull(takedowns.restoredAt)))
      .returning({ ownerId: takedowns.ownerId, reason: takedowns.reason });
    if (!ended) throw new AppError('NOT_FOUND', 'This item is not taken down.');
    await recordSecurityEventIn(tx, ownerEvent(ended.ownerId, 'item.restored', userId, params.kind, ended.reason));
  });
}

/**
 * The owner's security event of a takedown or a restore: which kind of item and the operator's reason. The
 * admin's client is not the owner's to know, so the entry names none.
 */
function ownerEvent(
  ownerId: string,
  action: 'item.taken_down' | 'item.restored',
  adminId: string,
  itemKind: ReportedKind,
  reason: string,
): SecurityEventRecord {
  return { userId: ownerId, action, actorId: adminId, details: { client: null, itemKind, reason } };
}

/** Closes the item's open reports without acting on it. */
export async function dismiss(ctx: ModerationContext, params: ReportedItemParams): Promise<void> {
  await resolveReports(ctx.db, params.kind, params.id, 'dismissed');
}
