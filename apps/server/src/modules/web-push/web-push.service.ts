import type {
  PushPreferences,
  PushSettings,
  SubscribePushRequest,
  UpdatePushPreferencesRequest,
} from '@clipsync/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { devices, pushFollowedRooms, pushPreferences, pushSubscriptions, roomMembers, sessions } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { NotPublicHostError, publicAddressOf } from '../../lib/public-address';
import { hasLiveSession } from '../devices/device-sessions';
import type { PushContext } from './web-push.context';
import { DEFAULT_PUSH_PREFERENCES, presentPreferences, presentPushSettings } from './web-push.presenter';

interface CallerDevice {
  id: string;
  userId: string;
}

/**
 * The calling session's device: a push reaches a device, so a token (no browser to show it) is refused, and a
 * session that has not registered as a device yet has nothing to subscribe.
 */
async function callerDevice(db: Database, actor: Actor): Promise<CallerDevice> {
  const caller = requireSignedIn(actor);
  if (caller.scopes) throw new AppError('TOKEN_NOT_ALLOWED');
  const [found] = await db
    .select({ id: devices.id, userId: devices.userId })
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .where(and(eq(devices.sessionId, caller.sessionId), hasLiveSession()));
  if (!found) throw new AppError('CONFLICT', 'This session is not a device yet: register it first');
  return found;
}

async function preferencesOf(db: Database | Transaction, deviceId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.deviceId, deviceId));
  const followed = await db
    .select({ roomId: pushFollowedRooms.roomId })
    .from(pushFollowedRooms)
    .where(eq(pushFollowedRooms.deviceId, deviceId))
    .orderBy(asc(pushFollowedRooms.roomId));
  return presentPreferences(
    row,
    followed.map(({ roomId }) => roomId),
  );
}

async function settingsOf(ctx: PushContext, deviceId: string): Promise<PushSettings> {
  const [subscription] = await ctx.db
    .select({ deviceId: pushSubscriptions.deviceId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.deviceId, deviceId));
  const { publicKey } = await ctx.vapidKeys;
  return presentPushSettings(publicKey, subscription !== undefined, await preferencesOf(ctx.db, deviceId));
}

/** Only rooms the account is a member of may be followed: any other id is one 404, whether it exists or not. */
async function assertMemberOf(tx: Transaction, userId: string, roomIds: readonly string[]): Promise<void> {
  if (roomIds.length === 0) return;
  const member = await tx
    .select({ roomId: roomMembers.roomId })
    .from(roomMembers)
    .where(and(eq(roomMembers.userId, userId), inArray(roomMembers.roomId, [...roomIds])));
  if (member.length !== roomIds.length) throw new AppError('NOT_FOUND', 'Room not found');
}

async function applyPreferences(
  tx: Transaction,
  device: CallerDevice,
  changes: Partial<PushPreferences>,
): Promise<void> {
  const { rooms, ...flags } = changes;
  if (rooms) await assertMemberOf(tx, device.userId, rooms);
  const [current] = await tx.select().from(pushPreferences).where(eq(pushPreferences.deviceId, device.id));
  const chosen = current
    ? { sends: current.sends, signIns: current.signIns, shareViews: current.shareViews, showText: current.showText }
    : DEFAULT_PUSH_PREFERENCES;
  const next = { ...chosen, ...flags };
  await tx
    .insert(pushPreferences)
    .values({ deviceId: device.id, ...next })
    .onConflictDoUpdate({ target: pushPreferences.deviceId, set: next });
  if (!rooms) return;
  await tx.delete(pushFollowedRooms).where(eq(pushFollowedRooms.deviceId, device.id));
  if (rooms.length > 0) {
    await tx.insert(pushFollowedRooms).values(rooms.map((roomId) => ({ deviceId: device.id, roomId })));
  }
}

/**
 * A subscription the sender would refuse is refused now, in words the settings page shows, rather than taken and
 * then dropped at its first push: its host must resolve to public addresses only, or be one the operator trusts
 * (PUSH_TRUSTED_HOSTS). A name that does not resolve now is taken: that may pass, and the sender checks again.
 */
async function assertPushable(ctx: PushContext, endpoint: string): Promise<void> {
  try {
    await publicAddressOf(new URL(endpoint).hostname, { trustedHosts: ctx.trustedHosts });
  } catch (error) {
    if (error instanceof NotPublicHostError) throw new AppError('PUSH_SERVICE_NOT_ALLOWED');
    ctx.log.warn({ err: error }, 'push endpoint not resolved at subscription: it is checked again at each push');
  }
}

/** `GET /api/devices/current/push`. */
export async function getPushSettings(ctx: PushContext, actor: Actor): Promise<PushSettings> {
  const device = await callerDevice(ctx.db, actor);
  return settingsOf(ctx, device.id);
}

/**
 * `PUT /api/devices/current/push`: the browser's subscription for this device, replacing an earlier one (a
 * new endpoint starts with no failures), with any preferences sent beside it; 422 PUSH_SERVICE_NOT_ALLOWED
 * for an endpoint on a private network the operator does not trust.
 */
export async function subscribePush(
  ctx: PushContext,
  actor: Actor,
  input: SubscribePushRequest,
): Promise<PushSettings> {
  const device = await callerDevice(ctx.db, actor);
  const { endpoint, keys } = input.subscription;
  await assertPushable(ctx, endpoint);
  await ctx.db.transaction(async (tx) => {
    if (input.preferences) await applyPreferences(tx, device, input.preferences);
    const subscription = { endpoint, p256dh: keys.p256dh, auth: keys.auth, failures: 0, lastSuccessAt: null };
    await tx
      .insert(pushSubscriptions)
      .values({ deviceId: device.id, ...subscription })
      .onConflictDoUpdate({ target: pushSubscriptions.deviceId, set: subscription });
  });
  return settingsOf(ctx, device.id);
}

/** `PATCH /api/devices/current/push`: some preferences; kept whether or not the device is subscribed. */
export async function updatePushPreferences(
  ctx: PushContext,
  actor: Actor,
  input: UpdatePushPreferencesRequest,
): Promise<PushSettings> {
  const device = await callerDevice(ctx.db, actor);
  await ctx.db.transaction((tx) => applyPreferences(tx, device, input));
  return settingsOf(ctx, device.id);
}

/** `DELETE /api/devices/current/push`: the subscription goes, the preferences stay for next time. */
export async function unsubscribePush(ctx: PushContext, actor: Actor): Promise<void> {
  const device = await callerDevice(ctx.db, actor);
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.deviceId, device.id));
}

/** A session that ended (signed out, revoked) is notified of nothing more, even before its device is swept. */
export async function forgetSessionSubscription(ctx: PushContext, sessionId: string): Promise<void> {
  const ofSession = ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.sessionId, sessionId));
  await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.deviceId, ofSession));
}
