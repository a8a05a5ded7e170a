import {
  DEVICE_NAME_MAX,
  canAcceptInto,
  nameKey,
  type Device,
  type DeviceList,
  type RegisterDeviceRequest,
  type UpdateDeviceRequest,
} from '@clipsync/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { deviceNearness, devices, sessions } from '../../../db/schema/index';
import { requireSignedIn, type Actor } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { newId } from '../../../lib/secure-tokens';
import { distinctDeviceName, lockedDeviceNames } from './device-names';
import { findLiveDevice, hasLiveSession } from '../device-sessions';
import type { DeviceRow, DevicesContext } from '../devices.context';
import { devicePolicy } from './devices.policy';
import { kindOf, presencePayload, presentDevice } from './devices.presenter';

async function isOnline(ctx: DevicesContext, sessionId: string): Promise<boolean> {
  return (await ctx.presence.onlineSessions([sessionId])).has(sessionId);
}

/**
 * The calling browser or installed app as a device: made on the first call of its session, the same
 * device on every later one (its name as the user left it, not the one sent again). A new device's name is
 * the one sent, numbered when another device of the account reads the same ("Chromium on Linux 2").
 */
export async function registerDevice(
  ctx: DevicesContext,
  actor: Actor,
  input: RegisterDeviceRequest,
): Promise<{ device: Device; isNew: boolean }> {
  const { userId, sessionId } = requireSignedIn(actor);
  // Every page load of a session calls this: its device, once made, is read without the account's lock.
  const [known] = await ctx.db.select().from(devices).where(eq(devices.sessionId, sessionId));
  const { row, isNew } = known
    ? { row: known, isNew: false }
    : await ctx.db.transaction(async (tx) => {
        const taken = await lockedDeviceNames(tx, userId);
        const [existing] = await tx.select().from(devices).where(eq(devices.sessionId, sessionId));
        if (existing) return { row: existing, isNew: false };
        const name = distinctDeviceName(input.name, taken);
        const [inserted] = await tx
          .insert(devices)
          .values({ id: newId(), userId, sessionId, name, kind: input.kind })
          .returning();
        return { row: inserted, isNew: true };
      });
  if (!row) throw new AppError('INTERNAL');
  const online = await isOnline(ctx, sessionId);
  // Its page may have opened its socket before registering: the account's other devices learn of it now.
  if (isNew) {
    ctx.events.emit('device.presence-changed', { userId, ...presencePayload(row.id, online, row.lastSeenAt) });
    ctx.events.emit('device.added', { userId, deviceId: row.id, name: row.name, at: row.createdAt.toISOString() });
  }
  return { device: presentDevice(row, { online, callerSessionId: sessionId }), isNew };
}

/**
 * A CLI signed in by a device grant is a device named after its client (numbered as a browser's name is),
 * made in the transaction that makes its token (modules/tokens), so no token of a device sign-in is ever
 * without its device.
 */
export async function addCliDevice(
  tx: Transaction,
  device: { userId: string; sessionId: string; clientName: string },
): Promise<DeviceRow> {
  const wanted = device.clientName.trim().slice(0, DEVICE_NAME_MAX) || 'CLI';
  const name = distinctDeviceName(wanted, await lockedDeviceNames(tx, device.userId));
  const [row] = await tx
    .insert(devices)
    .values({ id: newId(), userId: device.userId, sessionId: device.sessionId, name, kind: 'cli' })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}

/**
 * Until when each device is proved near the calling device (decision 030): the unexpired nearness rows
 * that name it, by the other device's id.
 */
async function nearUntilOf(ctx: DevicesContext, callerDeviceId: string | undefined): Promise<Map<string, Date>> {
  if (!callerDeviceId) return new Map();
  const rows = await ctx.db
    .select()
    .from(deviceNearness)
    .where(
      and(
        or(eq(deviceNearness.deviceA, callerDeviceId), eq(deviceNearness.deviceB, callerDeviceId)),
        gt(deviceNearness.expiresAt, sql`now()`),
      ),
    );
  return new Map(rows.map((row) => [row.deviceA === callerDeviceId ? row.deviceB : row.deviceA, row.expiresAt]));
}

/** The account's devices, oldest first, each with whether a socket of it is open now and its nearness to the caller. */
export async function listDevices(ctx: DevicesContext, actor: Actor): Promise<DeviceList> {
  const { userId, sessionId } = requireSignedIn(actor);
  const rows = await ctx.db
    .select({ device: devices })
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .where(and(eq(devices.userId, userId), hasLiveSession()))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const online = await ctx.presence.onlineSessions(rows.map(({ device }) => device.sessionId));
  const near = await nearUntilOf(ctx, rows.find(({ device }) => device.sessionId === sessionId)?.device.id);
  return {
    devices: rows.map(({ device }) =>
      presentDevice(device, {
        online: online.has(device.sessionId),
        callerSessionId: sessionId,
        nearUntil: near.get(device.id),
      }),
    ),
  };
}

/** A new name and/or receive policy; `accept` only for a device that can write its OS clipboard unasked. */
export async function updateDevice(
  ctx: DevicesContext,
  actor: Actor,
  deviceId: string,
  input: UpdateDeviceRequest,
): Promise<Device> {
  const device = await findLiveDevice(ctx.db, devicePolicy, 'update', actor, deviceId);
  if (input.receivePolicy !== undefined && !devicePolicy.setReceivePolicy(actor, device)) {
    throw new AppError('TOKEN_NOT_ALLOWED');
  }
  if (input.name !== undefined && !devicePolicy.rename(actor, device)) {
    throw new AppError('TOKEN_NOT_ALLOWED', 'A token renames only its own device: rename others on the web');
  }
  if (input.receivePolicy === 'accept' && !canAcceptInto(kindOf(device))) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A browser can only ask or be off: accept is for the CLI and the installed app',
    );
  }
  const [renamed] = await ctx.db.transaction(async (tx) => {
    // Names tell devices apart (pickers, `send --to`): a rename to a name another one reads as is refused,
    // but keeping its own name (or changing only its case) is no clash.
    if (input.name !== undefined) {
      const taken = await lockedDeviceNames(tx, device.userId, device.id);
      if (taken.some((name) => nameKey(name) === nameKey(input.name ?? ''))) {
        throw new AppError('DEVICE_NAME_TAKEN', `Another of your devices is already named "${input.name.trim()}"`);
      }
    }
    return tx
      .update(devices)
      .set({ name: input.name, receivePolicy: input.receivePolicy })
      .where(eq(devices.id, device.id))
      .returning();
  });
  if (!renamed) throw new AppError('NOT_FOUND', 'Device not found');
  const { sessionId } = requireSignedIn(actor);
  const [caller] = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.sessionId, sessionId));
  const near = await nearUntilOf(ctx, caller?.id);
  return presentDevice(renamed, {
    online: await isOnline(ctx, renamed.sessionId),
    callerSessionId: sessionId,
    nearUntil: near.get(renamed.id),
  });
}

/**
 * Signs the device out at once, by the path every revocation takes: its session is revoked (the session
 * cache of every node hears `session.revoked`, its calls answer 401, its sockets are closed) and the device
 * is gone with it. A CLI's token is that session's, so it stops too.
 */
export async function removeDevice(ctx: DevicesContext, actor: Actor, deviceId: string): Promise<void> {
  const device = await findLiveDevice(ctx.db, devicePolicy, 'remove', actor, deviceId);
  const revoked = await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'device_removed' })
      .where(and(eq(sessions.id, device.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await tx.delete(devices).where(eq(devices.id, device.id));
    return ended;
  });
  for (const { id } of revoked) ctx.events.emit('session.revoked', { sessionId: id });
}

/** Seen now: the device of this session, if it is one (its socket opened or closed). */
async function touchDevice(ctx: DevicesContext, sessionId: string): Promise<DeviceRow | undefined> {
  const [row] = await ctx.db
    .update(devices)
    .set({ lastSeenAt: new Date() })
    .where(eq(devices.sessionId, sessionId))
    .returning();
  return row;
}

/**
 * A socket of this session opened: if the session is a device, it is seen now and online. `isStillOpen`
 * is asked after the write, so a socket that closed meanwhile is not announced after its own goodbye.
 */
export async function noteSocketOpened(
  ctx: DevicesContext,
  sessionId: string,
  isStillOpen: () => boolean,
): Promise<void> {
  const row = await touchDevice(ctx, sessionId);
  if (!row || !isStillOpen()) return;
  ctx.events.emit('device.presence-changed', { userId: row.userId, ...presencePayload(row.id, true, row.lastSeenAt) });
}

/** A socket of this session closed (or was lost): the device is offline once no socket of it is left anywhere. */
export async function noteSocketClosed(ctx: DevicesContext, sessionId: string): Promise<void> {
  // Written first: a session that is no device costs an index lookup, not a question to every node.
  const row = await touchDevice(ctx, sessionId);
  if (!row || (await isOnline(ctx, sessionId))) return;
  ctx.events.emit('device.presence-changed', { userId: row.userId, ...presencePayload(row.id, false, row.lastSeenAt) });
}

/**
 * Seen through an HTTP call: the conditional UPDATE writes at most once a minute per device across nodes
 * (the caller keeps each node to one attempt a minute per session: last-seen.ts).
 */
export async function noteHttpUse(ctx: DevicesContext, sessionId: string, writeEveryMs: number): Promise<void> {
  const now = Date.now();
  await ctx.db
    .update(devices)
    .set({ lastSeenAt: new Date(now) })
    .where(and(eq(devices.sessionId, sessionId), lt(devices.lastSeenAt, new Date(now - writeEveryMs))));
}

/** Devices whose session was revoked or expired are signed out for good: their rows go. */
export async function sweepSignedOutDevices(ctx: DevicesContext): Promise<void> {
  const ended = ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(isNotNull(sessions.revokedAt), lt(sessions.expiresAt, sql`now()`)));
  await ctx.db.delete(devices).where(inArray(devices.sessionId, ended));
}
