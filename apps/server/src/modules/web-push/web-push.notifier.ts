import { PUSH_TEXT_PREVIEW_MAX, type PushMessage } from '@clipsync/shared';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  clipFiles,
  clips,
  deviceSends,
  devices,
  pushAnnouncedShareViews,
  pushFollowedRooms,
  pushPreferences,
  pushSubscriptions,
  roomMembers,
  rooms,
  sessions,
} from '../../db/schema';
import { hasLiveSession } from '../devices/device-sessions';
import type { PushContext } from './web-push.context';
import { DEFAULT_PUSH_PREFERENCES } from './web-push.presenter';
import type { PushSender, PushTarget } from './web-push.sender';

/** The subscription's columns, as the sender takes them. */
const targetColumns = {
  deviceId: pushSubscriptions.deviceId,
  userId: devices.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** A preference as chosen, or its default when the device never chose. */
const chosen = (column: AnyPgColumn, fallback: boolean) => sql<boolean>`coalesce(${column}, ${fallback})`;

/** The account's subscribed devices, of live sessions, that chose `preference` (or its default), but `exceptDeviceId`. */
function subscribedDevicesOf(
  ctx: PushContext,
  userId: string,
  preference: { column: AnyPgColumn; fallback: boolean },
  exceptDeviceId?: string,
): Promise<PushTarget[]> {
  return ctx.db
    .select(targetColumns)
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.deviceId, devices.id))
    .leftJoin(pushPreferences, eq(pushPreferences.deviceId, devices.id))
    .where(
      and(
        eq(devices.userId, userId),
        exceptDeviceId === undefined ? undefined : ne(devices.id, exceptDeviceId),
        hasLiveSession(),
        chosen(preference.column, preference.fallback),
      ),
    );
}

/**
 * Counted against the device's and the account's pushes per minute: over either, the push is dropped and
 * logged (the sender of a clip never hears of it; a send still waits for its device).
 */
async function isWithinLimits(ctx: PushContext, target: PushTarget): Promise<boolean> {
  const overDevice = await ctx.perDevice.hit(`push-device:${target.deviceId}`);
  const overAccount = overDevice === 0 ? await ctx.perAccount.hit(`push-account:${target.userId}`) : 0;
  if (overDevice === 0 && overAccount === 0) return true;
  ctx.log.warn({ deviceId: target.deviceId, userId: target.userId }, 'push dropped: over the per-minute limit');
  return false;
}

async function pushLimited(ctx: PushContext, sender: PushSender, target: PushTarget, message: PushMessage) {
  if (await isWithinLimits(ctx, target)) sender.push(target, message);
}

const preview = (text: string) => text.slice(0, PUSH_TEXT_PREVIEW_MAX);

/**
 * What a push may say of a sent clip: its text only with "show text", its first file and how many. An end-to-end
 * encrypted clip's content and file names are sealed, and the server hands no part of them to a push service:
 * only that files came, and the first one's size.
 */
async function clipFactsOf(
  ctx: PushContext,
  clipId: string,
  showText: boolean,
): Promise<Pick<Extract<PushMessage, { kind: 'send' }>, 'text' | 'file'>> {
  const [clip] = await ctx.db
    .select({ content: clips.content, encrypted: clips.encrypted })
    .from(clips)
    .where(eq(clips.id, clipId));
  if (!clip) return {};
  const [first] = await ctx.db
    .select({ name: clipFiles.name, size: clipFiles.size, count: sql<number>`(count(*) over ())::int` })
    .from(clipFiles)
    .where(eq(clipFiles.clipId, clipId))
    .orderBy(asc(clipFiles.createdAt), asc(clipFiles.id))
    .limit(1);
  const file = first && { name: clip.encrypted ? '' : first.name, size: first.size, count: first.count };
  const text = showText && !clip.encrypted && clip.content ? preview(clip.content) : undefined;
  return { ...(text !== undefined && { text }), ...(file && { file }) };
}

/**
 * A send stored for a device with no socket open: its device is told, if it wants sends. Read again now, so
 * that a send taken meanwhile (its device connected, or acknowledged it another way) is not announced.
 */
export async function pushQueuedSend(ctx: PushContext, sender: PushSender, sendId: string): Promise<void> {
  const [found] = await ctx.db
    .select({
      target: targetColumns,
      fromName: deviceSends.fromName,
      text: deviceSends.text,
      wrappedKey: deviceSends.wrappedKey,
      clipId: deviceSends.clipId,
      showText: chosen(pushPreferences.showText, DEFAULT_PUSH_PREFERENCES.showText),
    })
    .from(deviceSends)
    .innerJoin(devices, eq(devices.id, deviceSends.toDeviceId))
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.deviceId, devices.id))
    .leftJoin(pushPreferences, eq(pushPreferences.deviceId, devices.id))
    .where(
      and(
        eq(deviceSends.id, sendId),
        isNull(deviceSends.ackedAt),
        isNull(deviceSends.deliveredAt),
        gt(deviceSends.expiresAt, sql`now()`),
        hasLiveSession(),
        chosen(pushPreferences.sends, DEFAULT_PUSH_PREFERENCES.sends),
      ),
    );
  if (!found) return;
  const ofClip = found.clipId ? await clipFactsOf(ctx, found.clipId, found.showText) : {};
  // Sealed text (a wrapped key) is an envelope: nothing of it is readable, nor handed to a push service.
  const text = found.text !== null && found.wrappedKey === null && found.showText ? preview(found.text) : undefined;
  await pushLimited(ctx, sender, found.target, {
    kind: 'send',
    sendId,
    from: found.fromName,
    ...(text !== undefined && { text }),
    ...ofClip,
  });
}

/** A new device of the account signed in: the account's other subscribed devices that want sign-ins are told. */
export async function pushSignIn(
  ctx: PushContext,
  sender: PushSender,
  event: { userId: string; deviceId: string; name: string; at: string },
): Promise<void> {
  const targets = await subscribedDevicesOf(
    ctx,
    event.userId,
    { column: pushPreferences.signIns, fallback: DEFAULT_PUSH_PREFERENCES.signIns },
    event.deviceId,
  );
  for (const target of targets) {
    await pushLimited(ctx, sender, target, { kind: 'sign_in', device: event.name, at: event.at });
  }
}

/**
 * New content in a room: the devices that follow it, of members still in it, are told; the author's own
 * devices are not (they know).
 */
export async function pushRoomContent(
  ctx: PushContext,
  sender: PushSender,
  event: { roomId: string; actorId: string },
): Promise<void> {
  const [room] = await ctx.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, event.roomId));
  if (!room) return;
  const targets = await ctx.db
    .select(targetColumns)
    .from(pushFollowedRooms)
    .innerJoin(devices, eq(devices.id, pushFollowedRooms.deviceId))
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.deviceId, devices.id))
    .innerJoin(
      roomMembers,
      and(eq(roomMembers.roomId, pushFollowedRooms.roomId), eq(roomMembers.userId, devices.userId)),
    )
    .where(and(eq(pushFollowedRooms.roomId, event.roomId), ne(devices.userId, event.actorId), hasLiveSession()));
  for (const target of targets) {
    await pushLimited(ctx, sender, target, { kind: 'room', roomId: event.roomId, roomName: room.name });
  }
}

/**
 * Someone else read a clip by its private link (a view budget, a password or an expiry): on the link's first
 * view, the owner's devices that want it are told, once per link.
 */
export async function pushFirstShareView(
  ctx: PushContext,
  sender: PushSender,
  event: { clipId: string; ownerId: string; shareId: string },
): Promise<void> {
  const announced = await ctx.db
    .insert(pushAnnouncedShareViews)
    .values({ clipId: event.clipId, shareId: event.shareId })
    .onConflictDoNothing()
    .returning({ clipId: pushAnnouncedShareViews.clipId });
  if (announced.length === 0) return;
  const targets = await subscribedDevicesOf(ctx, event.ownerId, {
    column: pushPreferences.shareViews,
    fallback: DEFAULT_PUSH_PREFERENCES.shareViews,
  });
  for (const target of targets) {
    await pushLimited(ctx, sender, target, { kind: 'share_view', clipId: event.clipId });
  }
}
