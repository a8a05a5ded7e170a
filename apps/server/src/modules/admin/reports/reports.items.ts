import type { ReportedItemContent, ReportedKind } from '@clipsync/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { clipFiles, clips, desktopItems, desktops, roomContent, rooms } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isLinkOpen, viewsLeftOf } from '../../clips/clip-link';
import { clipColumns } from '../../clips/clip-columns';

/** A reported item as the moderation rules know it, whatever its kind. */
export interface ModeratedItem {
  kind: ReportedKind;
  id: string;
  ownerId: string;
  /** The ids its live viewers joined with (a clip: its own id and its link's). */
  channelIds: string[];
}

const reportedNotFound = () => new AppError('NOT_FOUND', 'This link leads nowhere on this server.');

/**
 * The item a visitor's link names: a clip by its link id, a desktop or a room by its share token. A LAN
 * desktop has no owner and no share token, so it is never found here. A clip's link must work now for a
 * stranger (open, not expired, views left; none is counted here): a stopped or spent link gets the same 404
 * as an unknown one, so a report never tells which links once existed. 404 for anything else.
 */
export async function findItemByLink(db: Database, kind: ReportedKind, link: string): Promise<ModeratedItem> {
  if (kind === 'clip') {
    const [clip] = await db.select(clipColumns).from(clips).where(eq(clips.shareId, link));
    if (!clip || !isLinkOpen(clip) || viewsLeftOf(clip) === 0) throw reportedNotFound();
    return { kind, id: clip.id, ownerId: clip.userId, channelIds: channelIdsOf(clip.id, clip.shareId) };
  }
  const table = kind === 'desktop' ? desktops : rooms;
  const [row] = await db.select({ id: table.id, ownerId: table.ownerId }).from(table).where(eq(table.shareToken, link));
  if (!row?.ownerId) throw reportedNotFound();
  return { kind, id: row.id, ownerId: row.ownerId, channelIds: channelIdsOf(row.id, null) };
}

/** The item an admin names by kind and id (the queue's), or 404. */
export async function findItemById(db: Database, kind: ReportedKind, id: string): Promise<ModeratedItem> {
  const found = await (kind === 'clip'
    ? db.select({ id: clips.id, ownerId: clips.userId, shareId: clips.shareId }).from(clips).where(eq(clips.id, id))
    : kind === 'desktop'
      ? db
          .select({ id: desktops.id, ownerId: desktops.ownerId, shareId: sql<null>`null` })
          .from(desktops)
          .where(eq(desktops.id, id))
      : db
          .select({ id: rooms.id, ownerId: rooms.ownerId, shareId: sql<null>`null` })
          .from(rooms)
          .where(eq(rooms.id, id)));
  const [row] = found;
  if (!row?.ownerId) throw new AppError('NOT_FOUND');
  return { kind, id: row.id, ownerId: row.ownerId, channelIds: channelIdsOf(row.id, row.shareId) };
}

function channelIdsOf(id: string, shareId: string | null): string[] {
  return shareId && shareId !== id ? [id, shareId] : [id];
}

/**
 * The item's texts and files' names and sizes, for an admin who chose to open it. An end-to-end encrypted
 * clip is refused (409): the server holds only its envelope, which no one here can read.
 */
export async function readItemContent(db: Database, item: ModeratedItem): Promise<ReportedItemContent> {
  if (item.kind === 'clip') {
    const [clip] = await db
      .select({ content: clips.content, encrypted: clips.encrypted })
      .from(clips)
      .where(eq(clips.id, item.id));
    if (!clip) throw new AppError('NOT_FOUND');
    if (clip.encrypted) {
      throw new AppError('CONFLICT', 'This clip is end-to-end encrypted: the server cannot read its content.');
    }
    const files = await db
      .select({ name: clipFiles.name, size: clipFiles.size })
      .from(clipFiles)
      .where(eq(clipFiles.clipId, item.id));
    return { texts: clip.content ? [clip.content] : [], files };
  }
  const table = item.kind === 'desktop' ? desktopItems : roomContent;
  const owner = item.kind === 'desktop' ? eq(desktopItems.desktopId, item.id) : eq(roomContent.roomId, item.id);
  const blocks = await db
    .select({ content: table.content, fileName: table.fileName, fileSize: table.fileSize })
    .from(table)
    .where(owner)
    .limit(500);
  return {
    texts: blocks.filter((block) => block.fileName === null && block.content).map((block) => block.content),
    files: blocks.flatMap((block) =>
      block.fileName === null ? [] : [{ name: block.fileName, size: block.fileSize ?? 0 }],
    ),
  };
}

/** Created, size and encryption of the listed items, one query per kind on the page (never one per item). */
/** What the queue shows of an item besides its reports. */
export interface ItemDescription {
  createdAt: Date;
  sizeBytes: number | null;
  encrypted: boolean;
  visitorPath: string | null;
}

export async function describeItems(
  db: Database,
  keys: { kind: ReportedKind; id: string }[],
): Promise<Map<string, ItemDescription>> {
  const ids = (kind: ReportedKind) => keys.filter((key) => key.kind === kind).map((key) => key.id);
  const described = new Map<string, ItemDescription>();
  const clipIds = ids('clip');
  if (clipIds.length > 0) {
    const rows = await db
      .select({
        id: clips.id,
        shareId: clips.shareId,
        createdAt: clips.createdAt,
        encrypted: clips.encrypted,
        sizeBytes:
          sql<number>`(octet_length(${clips.content}) + coalesce((select sum(${clipFiles.size}) from ${clipFiles} where ${clipFiles.clipId} = ${clips.id}), 0))::bigint`.mapWith(
            Number,
          ),
      })
      .from(clips)
      .where(inArray(clips.id, clipIds));
    for (const { shareId, ...row } of rows) {
      described.set(`clip:${row.id}`, { ...row, visitorPath: shareId ? `/clips/${shareId}` : null });
    }
  }
  const desktopIds = ids('desktop');
  if (desktopIds.length > 0) {
    const rows = await db
      .select({ id: desktops.id, createdAt: desktops.createdAt, shareToken: desktops.shareToken })
      .from(desktops)
      .where(inArray(desktops.id, desktopIds));
    for (const row of rows) {
      const visitorPath = row.shareToken ? `/desktop/shared/${row.shareToken}` : null;
      described.set(`desktop:${row.id}`, { createdAt: row.createdAt, sizeBytes: null, encrypted: false, visitorPath });
    }
  }
  const roomIds = ids('room');
  if (roomIds.length > 0) {
    const rows = await db
      .select({ id: rooms.id, createdAt: rooms.createdAt })
      .from(rooms)
      .where(inArray(rooms.id, roomIds));
    for (const row of rows) {
      described.set(`room:${row.id}`, {
        createdAt: row.createdAt,
        sizeBytes: null,
        encrypted: false,
        visitorPath: null,
      });
    }
  }
  return described;
}
