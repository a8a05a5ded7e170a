import { and, eq, isNotNull } from 'drizzle-orm';
import { refuseIfTakenDown } from '../moderation/takedowns.service';
import {
  RoomContentQuery,
  type CreateRoomRequest,
  type JoinRoomResult,
  type RoomDetail,
  type UpdateRoomRequest,
} from '@clipsync/shared';
import { roomContent, roomMembers, rooms } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { newId, newSecretToken } from '../../lib/secure-tokens';
import { deleteMember, findRoomAccess, insertMember, refuseRemoved } from './room-access';
import type { RoomsContext } from './rooms.context';
import { recordActivity } from './room-activity.service';
import { RoomDetailCache } from './room-detail-cache';
import { findContentPage, listMembers, loadRoomLists, presentContentPage } from './room-content-list.service';
import { assertRoomWritable, withWritability } from './room-writable';
import { roomPolicy } from './rooms.policy';
import { toRoomDetail } from './rooms.presenter';

// A room's life: create, open (which joins a public room), settings, invite link, leave, delete.

/** Content page 1 unfiltered, as the room opens: what a change answers with. */
const DEFAULT_CONTENT_QUERY: RoomContentQuery = RoomContentQuery.parse({});

export async function createRoom(ctx: RoomsContext, actor: Actor, input: CreateRoomRequest): Promise<RoomDetail> {
  const { userId } = requireSignedIn(actor);
  await ctx.entitlements.require(userId, 'rooms');
  const room = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rooms)
      .values({
        id: newId(),
        name: input.name,
        isPrivate: input.isPrivate,
        ownerId: userId,
        shareToken: newSecretToken(),
      })
      .returning();
    if (!created) throw new AppError('INTERNAL');
    await tx.insert(roomMembers).values({ roomId: created.id, userId, role: 'owner' });
    return created;
  });
  const members = await listMembers(ctx.db, room.id);
  const access = { ownerId: userId, isPrivate: room.isPrivate, role: 'owner' as const };
  return toRoomDetail(room, access, { members, content: [], contentTotal: 0, authors: [] }, actor);
}

/**
 * The room with its members and one page of content. A signed-in outsider opening a public room joins
 * it first (logged as `member_join`) unless the owner removed them (403); a private room is 404 to them.
 */
export async function getRoom(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  query: RoomContentQuery,
): Promise<RoomDetail> {
  let { room, access, version, takedown } = await findRoomAccess(ctx.db, actor, roomId);
  if (roomPolicy.join(actor, access)) {
    const { userId } = requireSignedIn(actor);
    await ctx.entitlements.require(userId, 'rooms');
    await assertRoomWritable(ctx, actor, access);
    const joined = await ctx.db.transaction(async (tx) => {
      await refuseRemoved(tx, roomId, userId);
      const isNew = await insertMember(tx, roomId, userId);
      if (isNew) await recordActivity(tx, { roomId, userId, type: 'member_join' });
      return isNew;
    });
    if (joined) ctx.events.emit('room.changed', { roomId, type: 'member_join', actorId: userId });
    ({ room, access, version, takedown } = await findRoomAccess(ctx.db, actor, roomId));
  }
  authorize(roomPolicy, 'view', actor, access);
  access = await withWritability(ctx, access);
  const key = RoomDetailCache.keyOf(actor, Boolean(access.readOnly), query);
  const cached = ctx.detailCache.detail(roomId, key, version);
  if (cached) return cached;
  const parts = await ctx.detailCache.shared(roomId, query, version, () => loadSharedParts(ctx, roomId, query));
  const { members, authors, page } = parts;
  const { items, total } = presentContentPage(page, actor, access, ctx.fileLinks, parts.content);
  const detail = toRoomDetail(room, access, { members, content: items, contentTotal: total, authors, takedown }, actor);
  ctx.detailCache.remember(roomId, key, version, detail, parts, actor);
  return detail;
}

/** The lists and the page in parallel; an unfiltered page takes its total from the lists' item count. */
async function loadSharedParts(ctx: RoomsContext, roomId: string, query: RoomContentQuery) {
  const lists = loadRoomLists(ctx.db, roomId);
  const roomTotal = async () => (await lists).contentTotal;
  const [{ members, authors }, page] = await Promise.all([lists, findContentPage(ctx.db, roomId, query, roomTotal)]);
  return { members, authors, page };
}

/** The owner renames the room and/or changes its privacy (`room_updated` with what changed). */
export async function updateRoom(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
  input: UpdateRoomRequest,
): Promise<RoomDetail> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'update', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const { userId } = requireSignedIn(actor);
  await ctx.db.transaction(async (tx) => {
    await tx.update(rooms).set(input).where(eq(rooms.id, roomId));
    await recordActivity(tx, { roomId, userId, type: 'room_updated', details: { ...input } });
  });
  ctx.events.emit('room.changed', { roomId, type: 'room_updated', actorId: userId });
  return getRoom(ctx, actor, roomId, DEFAULT_CONTENT_QUERY);
}

/** The owner deletes the room: rows go with it (cascade), then its stored files, then every member is told. */
export async function deleteRoom(ctx: RoomsContext, actor: Actor, roomId: string): Promise<void> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'delete', actor, access);
  const { userId } = requireSignedIn(actor);
  const { memberIds, storageKeys } = await ctx.db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: roomMembers.userId })
      .from(roomMembers)
      .where(eq(roomMembers.roomId, roomId));
    const files = await tx
      .select({ storageKey: roomContent.storageKey })
      .from(roomContent)
      .where(and(eq(roomContent.roomId, roomId), isNotNull(roomContent.storageKey)));
    // The room's activity log goes with it, so `room_deleted` reaches members as the event below, not a row.
    await tx.delete(rooms).where(eq(rooms.id, roomId));
    return { memberIds: members.map((member) => member.userId), storageKeys: files.map((file) => file.storageKey) };
  });
  ctx.events.emit('room.deleted', { roomId, actorId: userId, memberIds });
  // After commit: a crash in between leaves an orphaned file, never a row pointing at nothing.
  await Promise.all(storageKeys.map((key) => (key ? ctx.files.delete(key) : undefined)));
}

/**
 * Joins with the room's share token (`member_joined_by_token`), private rooms included. An unknown or
 * replaced token is 404; a member who uses it again simply gets the room's id back; someone the owner
 * removed is refused (403).
 */
export async function joinRoomByToken(ctx: RoomsContext, actor: Actor, shareToken: string): Promise<JoinRoomResult> {
  const { userId } = requireSignedIn(actor);
  const [room] = await ctx.db
    .select({ id: rooms.id, ownerId: rooms.ownerId })
    .from(rooms)
    .where(eq(rooms.shareToken, shareToken));
  if (!room)
    throw new AppError('NOT_FOUND', 'This invite link is invalid or has been replaced. Ask a member for a new one.');
  if (room.ownerId !== userId) await refuseIfTakenDown(ctx.db, 'room', room.id);
  await ctx.entitlements.require(userId, 'rooms');
  await assertRoomWritable(ctx, actor, room);
  const joined = await ctx.db.transaction(async (tx) => {
    await refuseRemoved(tx, room.id, userId);
    const isNew = await insertMember(tx, room.id, userId);
    if (isNew) await recordActivity(tx, { roomId: room.id, userId, type: 'member_joined_by_token' });
    return isNew;
  });
  if (joined) ctx.events.emit('room.changed', { roomId: room.id, type: 'member_joined_by_token', actorId: userId });
  return { roomId: room.id, id: room.id, joined };
}

/** The owner replaces the share token: links holding the old one stop working at once. */
export async function rotateShareToken(
  ctx: RoomsContext,
  actor: Actor,
  roomId: string,
): Promise<{ shareToken: string }> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'rotateInvite', actor, access);
  await assertRoomWritable(ctx, actor, access);
  const { userId } = requireSignedIn(actor);
  const shareToken = newSecretToken();
  await ctx.db.transaction(async (tx) => {
    await tx.update(rooms).set({ shareToken }).where(eq(rooms.id, roomId));
    await recordActivity(tx, { roomId, userId, type: 'room_updated', details: { inviteLinkRotated: true } });
  });
  ctx.events.emit('room.changed', { roomId, type: 'room_updated', actorId: userId });
  return { shareToken };
}

/** A member leaves (`member_left`); the owner cannot (deleting the room is their way out). */
export async function leaveRoom(ctx: RoomsContext, actor: Actor, roomId: string): Promise<void> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  const { userId } = requireSignedIn(actor);
  if (access.role === 'owner') {
    throw new AppError('FORBIDDEN', 'The owner cannot leave the room. Delete the room instead.');
  }
  authorize(roomPolicy, 'leave', actor, access);
  const left = await ctx.db.transaction(async (tx) => {
    const isGone = await deleteMember(tx, roomId, userId);
    if (isGone) await recordActivity(tx, { roomId, userId, type: 'member_left' });
    return isGone;
  });
  if (!left) throw new AppError('NOT_FOUND', 'You are not a member of this room');
  ctx.events.emit('room.member-gone', { roomId, userId, reason: 'left' });
  ctx.events.emit('room.changed', { roomId, type: 'member_left', actorId: userId });
}

/** A socket may hear a room's changes only while its user is a member. */
export async function assertMayListen(ctx: RoomsContext, actor: Actor, roomId: string): Promise<void> {
  const { access } = await findRoomAccess(ctx.db, actor, roomId);
  authorize(roomPolicy, 'listen', actor, access);
}
