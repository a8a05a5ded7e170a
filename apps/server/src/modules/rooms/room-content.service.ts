import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { RoomContentItem } from '@clipsync/shared';
import { roomContent, users } from '../../db/schema';
import { requireSignedIn, type Actor, type SignedInActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { assertNotStale, nextVersion, startedFrom } from '../../lib/edit-conflict';
import { authorize } from '../../lib/policy';
import { newId } from '../../lib/secure-tokens';
import { assertNewTextFits, assertStorageFits, assertStorageLeft, writeTextWithinQuota } from '../../lib/storage-quota';
import { storedFileValues } from '../../db/schema/columns';
import { storeUpload, type IncomingUpload } from '../../storage/store-upload';
import { findRoomAccess } from './room-access';
import type { RoomsContext } from './rooms.context';
import { recordActivity } from './room-activity.service';
import { assertRoomWritable } from './room-writable';
import { roomContentPolicy, roomPolicy } from './rooms.policy';
import { toRoomContentItem } from './rooms.presenter';

type RoomContentRow = typeof roomContent.$inferSelect;

const CONTENT_NOT_FOUND = 'Content not found';

async function authorOf(ctx: RoomsContext, actor: SignedInActor) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

async function findItemOr404(ctx: RoomsContext, roomId: string, contentId: string): Promise<RoomContentRow> {
  const [item] = await ctx.db
    .select()
    .from(roomContent)
    .where(and(eq(roomContent.id, contentId), eq(roomContent.roomId, roomId)));
  if (!item) throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
  return item;
}

/** A member adds text (`content_add` with `contentType`). */
export async function addRoomText(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  content: string,
): Promise<RoomContentItem> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'addContent', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const author = await authorOf(ctx, requireSignedIn(actor));
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(roomContent)
      .values({ id: newId(), roomId, userId: author.id, type: 'text', content })
      .returning();
    if (!inserted) throw new AppError('INTERNAL');
    await assertNewTextFits(tx, ctx.limits.storageQuota, author.id, content);
    await recordActivity(tx, { roomId, userId: author.id, type: 'content_add', details: { contentType: 'text' } });
    return inserted;
  });
  ctx.events.emit('room.changed', { roomId, type: 'content_add', actorId: author.id, contentId: row.id });
  return toRoomContentItem(row, author, actor, access, ctx.fileLinks);
}

/**
 * A member uploads a file (`file_uploaded` with `fileName`): streamed into the store under the 10 MB cap,
 * then recorded if the uploader's storage quota (shared with their clip files) still has room.
 */
export async function uploadRoomFile(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  file: IncomingUpload,
): Promise<RoomContentItem> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'addContent', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const author = await authorOf(ctx, requireSignedIn(actor));
  await assertStorageLeft(ctx.db, ctx.limits.storageQuota, author.id);
  return storeUpload(ctx.files, file, async (stored) => {
    const row = await ctx.db.transaction(async (tx) => {
      await assertStorageFits(tx, ctx.limits.storageQuota, author.id, stored.size, stored.name);
      const [inserted] = await tx
        .insert(roomContent)
        .values({ id: newId(), roomId, userId: author.id, type: 'file', ...storedFileValues(stored) })
        .returning();
      if (!inserted) throw new AppError('INTERNAL');
      const details = { fileName: stored.name };
      await recordActivity(tx, { roomId, userId: author.id, type: 'file_uploaded', details });
      return inserted;
    });
    ctx.events.emit('room.changed', { roomId, type: 'file_uploaded', actorId: author.id, contentId: row.id });
    return toRoomContentItem(row, author, actor, access, ctx.fileLinks);
  });
}

/** The author edits their own text (`content_edited`); files are replaced by uploading, not edited. */
export async function editRoomText(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  contentId: string,
  content: string,
  version?: number,
): Promise<RoomContentItem> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'view', actor, access);
  const item = await findItemOr404(ctx, roomId, contentId);
  authorize(roomContentPolicy, 'edit', actor, { room: access, authorId: item.userId });
  await assertRoomWritable(ctx, actor, access);
  if (item.type !== 'text') throw new AppError('VALIDATION_FAILED', 'Only text content can be edited');
  const author = await authorOf(ctx, requireSignedIn(actor));
  const row = await ctx.db.transaction(async (tx) => {
    const change = { table: roomContent, where: eq(roomContent.id, contentId), text: content };
    const [updated] =
      (await writeTextWithinQuota(tx, ctx.limits.storageQuota, item.userId, change, () =>
        tx
          .update(roomContent)
          .set({ content, version: nextVersion(roomContent.version), updatedAt: new Date() })
          .where(and(eq(roomContent.id, contentId), startedFrom(roomContent.version, version)))
          .returning(),
      )) ?? [];
    if (!updated) {
      const [stored] = await tx.select().from(roomContent).where(eq(roomContent.id, contentId));
      if (stored) assertNotStale(stored, version);
      throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
    }
    await recordActivity(tx, { roomId, userId: author.id, type: 'content_edited', details: { contentId } });
    return updated;
  });
  ctx.events.emit('room.changed', { roomId, type: 'content_edited', actorId: author.id, contentId });
  return toRoomContentItem(row, author, actor, access, ctx.fileLinks);
}

/** Any member deletes any item (`content_deleted`); a file's bytes go after the commit. */
export async function deleteRoomContent(ctx: RoomsContext, actor: Actor, roomId: string, contentId: string) {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'deleteContent', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const { userId } = requireSignedIn(actor);
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(roomContent)
      .where(and(eq(roomContent.id, contentId), eq(roomContent.roomId, roomId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
    const details = row.type === 'file' ? { contentType: 'file', fileName: row.fileName } : { contentType: 'text' };
    await recordActivity(tx, { roomId, userId, type: 'content_deleted', details });
    return row;
  });
  ctx.events.emit('room.changed', { roomId, type: 'content_deleted', actorId: userId, contentId });
  if (removed.storageKey) await ctx.files.delete(removed.storageKey);
}

/**
 * A room file for download: members only, like everything else in a room. Without a bearer header (an
 * `<img>`, a plain link) the caller is whoever the file's signed link was given to; they must still be a
 * member now.
 */
export async function openRoomFile(
  ctx: RoomsContext,
  caller: Actor,
  roomId: string,
  contentId: string,
  signedLink?: string,
): Promise<{ file: { name: string; type: string; size: number }; body: Readable }> {
  const claims = caller || !signedLink ? null : ctx.fileLinks.read('room', signedLink, contentId);
  // A link stands for its user for this one file, until it expires or the session it was given to ends.
  const linkHolder =
    claims && (await ctx.isSessionLive(claims.holder.sessionId))
      ? { ...claims.holder, expiresAt: claims.expiresAt }
      : null;
  const actor = requireSignedIn(caller ?? linkHolder);
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'view', actor, access);
  const item = await findItemOr404(ctx, roomId, contentId);
  if (!item.storageKey || item.fileName === null) throw new AppError('NOT_FOUND', 'File not found');
  const file = { name: item.fileName, type: item.fileType ?? 'application/octet-stream', size: item.fileSize ?? 0 };
  return { file, body: await ctx.files.get(item.storageKey) };
}
