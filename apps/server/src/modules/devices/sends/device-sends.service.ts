import {
  DEVICE_SENDS_WAITING_MAX,
  type CreateDeviceSendRequest,
  type CreatedDeviceSends,
  type DeviceSendPayload,
  type PendingDeviceSends,
} from '@clipsync/shared';
import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  clipboardKeys,
  clipFiles,
  clips,
  deviceSends,
  devices,
  personalAccessTokens,
  sessions,
} from '../../../db/schema/index';
import { requireSignedIn, type Actor } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { authorize } from '../../../lib/policy';
import { newId } from '../../../lib/secure-tokens';
import { assertNewTextFits } from '../../../lib/storage-quota';
import { describeWait } from '../../../lib/attempt-limiter';
import { clipColumns } from '../../clips/clip-columns';
import { hasLiveSession } from '../device-sessions';
import type { DeviceSendRow, DeviceSendsContext } from './device-sends.context';
import { deviceSendPolicy, sendTargetPolicy, sentClipPolicy } from './device-sends.policy';
import { presentDeviceSend } from './device-sends.presenter';

/** The name a send carries when its sender is no device (a personal access token made by hand). */
const UNNAMED_SENDER = 'ClipSync';
/** What one scan hands over again at most; the next scan takes the rest. */
const SCAN_BATCH = 500;

const deviceNotFound = () => new AppError('NOT_FOUND', 'Device not found');
const sendNotFound = () => new AppError('NOT_FOUND', 'Send not found');
/** Oldest first, as sends are handed over; the id orders those made in the same instant. */
const byCreation = (a: DeviceSendRow, b: DeviceSendRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Waiting: not acknowledged, not expired. */
const isWaiting = () => and(isNull(deviceSends.ackedAt), gt(deviceSends.expiresAt, sql`now()`));

async function limitSends(ctx: DeviceSendsContext, userId: string): Promise<void> {
  const wait = await ctx.perAccount.hit(`device-sends:${userId}`);
  if (wait === 0) return;
  const error = new AppError('RATE_LIMITED', `Too many sends. Please try again in ${describeWait(wait)}.`);
  error.retryAfterSeconds = wait;
  throw error;
}

/** Each send as its device gets it, with its clip (and the clip's files) read as they are now. */
async function payloadsOf(db: Database, rows: DeviceSendRow[]): Promise<DeviceSendPayload[]> {
  const clipIds = [...new Set(rows.flatMap((row) => (row.clipId ? [row.clipId] : [])))];
  const clipRows = clipIds.length > 0 ? await db.select(clipColumns).from(clips).where(inArray(clips.id, clipIds)) : [];
  const fileRows =
    clipIds.length > 0
      ? await db
          .select()
          .from(clipFiles)
          .where(inArray(clipFiles.clipId, clipIds))
          .orderBy(clipFiles.createdAt, clipFiles.id)
      : [];
  const clipById = new Map(
    clipRows.map((row) => [row.id, { row, files: fileRows.filter((file) => file.clipId === row.id) }]),
  );
  return rows.map((row) => presentDeviceSend(row, row.clipId ? clipById.get(row.clipId) : undefined));
}

function handOver(ctx: DeviceSendsContext, sessionId: string, payloads: DeviceSendPayload[]): void {
  for (const send of payloads) ctx.events.emit('device.send-due', { sessionId, send });
}

/** Refuses a send to a device that already has DEVICE_SENDS_WAITING_MAX sends waiting for it. */
async function assertRoomToWait(db: Database, targets: readonly { id: string; name: string }[]): Promise<void> {
  const counts = await db
    .select({ deviceId: deviceSends.toDeviceId, waiting: count() })
    .from(deviceSends)
    .where(
      and(
        inArray(
          deviceSends.toDeviceId,
          targets.map(({ id }) => id),
        ),
        isWaiting(),
      ),
    )
    .groupBy(deviceSends.toDeviceId);
  const full = targets.filter(({ id }) =>
    counts.some(({ deviceId, waiting }) => deviceId === id && waiting >= DEVICE_SENDS_WAITING_MAX),
  );
  if (full.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `${full.map(({ name }) => name).join(', ')}: ${DEVICE_SENDS_WAITING_MAX} sends already wait; it gets them when it comes back.`,
  );
}

/**
 * `POST /api/device-sends`: one stored send per target device, handed at once to those with a socket open
 * (`delivered`), kept for the others (`queued`). Every target is checked before anything is stored: one
 * unknown or foreign device is 404, one whose policy is `off` is 409, and nothing is sent.
 */
export async function sendToDevices(
  ctx: DeviceSendsContext,
  actor: Actor,
  input: CreateDeviceSendRequest,
): Promise<CreatedDeviceSends> {
  const caller = requireSignedIn(actor);
  const found = await ctx.db
    .select({
      id: devices.id,
      userId: devices.userId,
      sessionId: devices.sessionId,
      name: devices.name,
      receivePolicy: devices.receivePolicy,
      tokenScopes: personalAccessTokens.scopes,
    })
    .from(devices)
    .innerJoin(sessions, eq(sessions.id, devices.sessionId))
    .leftJoin(personalAccessTokens, eq(personalAccessTokens.sessionId, devices.sessionId))
    .where(and(or(inArray(devices.id, input.to), eq(devices.sessionId, caller.sessionId)), hasLiveSession()));
  const targets = input.to.map((id) => {
    const device = found.find((row) => row.id === id);
    if (!device || !sendTargetPolicy.read(actor, device)) throw deviceNotFound();
    authorize(sendTargetPolicy, 'sendTo', actor, device);
    return device;
  });
  // A CLI signed in without `clips:read` may not read what it would be sent: refused now, rather than
  // handed a clip its scopes forbid (and handed it again every 30 s, as its ack would be refused too).
  const notReceiving = targets.filter(
    (device) =>
      device.receivePolicy === 'off' || (device.tokenScopes !== null && !device.tokenScopes.includes('clips:read')),
  );
  if (notReceiving.length > 0) {
    const error = new AppError(
      'DEVICE_NOT_RECEIVING',
      `Not receiving (its receive policy is off, or it may not read clips): ${notReceiving.map(({ name }) => name).join(', ')}`,
    );
    error.deviceIds = notReceiving.map(({ id }) => id);
    throw error;
  }
  await assertRoomToWait(ctx.db, targets);
  if (input.clipId) {
    const [clip] = await ctx.db.select({ userId: clips.userId }).from(clips).where(eq(clips.id, input.clipId));
    if (!clip || !sentClipPolicy.read(actor, clip)) throw new AppError('NOT_FOUND', 'Clip not found');
    authorize(sentClipPolicy, 'send', actor, clip);
  }
  await limitSends(ctx, caller.userId);

  const from = found.find((row) => row.sessionId === caller.sessionId && row.userId === caller.userId);
  const online = await ctx.presence.onlineSessions(targets.map(({ sessionId }) => sessionId));
  const rows = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(deviceSends)
      .values(
        targets.map((device) => ({
          id: newId(),
          userId: caller.userId,
          fromDeviceId: from?.id ?? null,
          fromName: from?.name ?? UNNAMED_SENDER,
          toDeviceId: device.id,
          text: input.text ?? null,
          wrappedKey: input.text !== undefined ? (input.wrappedKey ?? null) : null,
          clipId: input.clipId ?? null,
          expiresAt: sql`now() + ${`${ctx.timing.ttlMs} milliseconds`}::interval`,
          deliveredAt: online.has(device.sessionId) ? sql`now()` : null,
        })),
      )
      .returning();
    // Asked in the send's transaction, after its rows: text the server could read must not wait for a device
    // of an account whose clipboard is encrypted end to end (it would sit in device_sends in clear).
    if (input.text !== undefined && !input.wrappedKey) {
      const [sealed] = await tx
        .select({ userId: clipboardKeys.userId })
        .from(clipboardKeys)
        .where(eq(clipboardKeys.userId, caller.userId));
      if (sealed) throw new AppError('CLIPBOARD_SEALED');
    }
    // The waiting text is counted in the sender's storage by the table's trigger: it must fit.
    if (input.text) await assertNewTextFits(tx, ctx.storageQuota, caller.userId, input.text);
    return inserted;
  });

  for (const row of rows) {
    if (row.deliveredAt === null) ctx.events.emit('device.send-queued', { sendId: row.id, toDeviceId: row.toDeviceId });
  }
  const byTarget = new Map(rows.map((row) => [row.toDeviceId, row]));
  const delivered = rows.filter((row) => row.deliveredAt !== null);
  const payloads = await payloadsOf(ctx.db, delivered);
  for (const [index, row] of delivered.entries()) {
    const target = targets.find(({ id }) => id === row.toDeviceId);
    if (target && payloads[index]) handOver(ctx, target.sessionId, [payloads[index]]);
  }
  return {
    sends: targets.map((device) => {
      const row = byTarget.get(device.id);
      if (!row) throw new AppError('INTERNAL');
      return { id: row.id, deviceId: device.id, status: row.deliveredAt ? 'delivered' : 'queued' };
    }),
  };
}

/** The waiting sends of the device of this session, oldest first. */
async function waitingFor(db: Database, sessionId: string): Promise<DeviceSendRow[]> {
  const rows = await db
    .select({ send: deviceSends })
    .from(deviceSends)
    .innerJoin(devices, eq(devices.id, deviceSends.toDeviceId))
    .where(and(eq(devices.sessionId, sessionId), isWaiting()))
    .orderBy(asc(deviceSends.createdAt), asc(deviceSends.id));
  return rows.map(({ send }) => send);
}

/** `GET /api/device-sends/pending`: what waits for the calling device; nothing is marked by reading. */
export async function listPendingSends(ctx: DeviceSendsContext, actor: Actor): Promise<PendingDeviceSends> {
  const { sessionId } = requireSignedIn(actor);
  return { sends: await payloadsOf(ctx.db, await waitingFor(ctx.db, sessionId)) };
}

/**
 * How long after a hand-over a connecting socket leaves a send to the redelivery job: the send went just now,
 * to this socket as it joined or to another of the same session, and handing it over again would only repeat it.
 */
const JUST_HANDED_OVER = sql`now() - interval '2 seconds'`;

/**
 * A socket of this session opened (on whichever node): everything waiting for its device is handed over,
 * oldest first, including what an earlier socket got and never acknowledged. The rows are claimed by the
 * UPDATE that marks them, so a redelivery running at the same moment on another node does not send them too.
 */
export async function deliverWaitingSends(ctx: DeviceSendsContext, sessionId: string): Promise<void> {
  const ofThisDevice = ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.sessionId, sessionId));
  const claimed = await ctx.db
    .update(deviceSends)
    .set({ deliveredAt: sql`now()` })
    .where(
      and(
        inArray(deviceSends.toDeviceId, ofThisDevice),
        isWaiting(),
        or(isNull(deviceSends.deliveredAt), lt(deviceSends.deliveredAt, JUST_HANDED_OVER)),
      ),
    )
    .returning();
  if (claimed.length === 0) return;
  const oldestFirst = claimed.sort(byCreation);
  handOver(ctx, sessionId, await payloadsOf(ctx.db, oldestFirst));
}

/**
 * The device has it (`device:send-ack`, or `POST /device-sends/{id}/ack`): it is not sent again, and its
 * text no longer counts in the sender's storage. An unknown id, or one for another device, is 404 (the
 * socket's ack says so and nothing changes); acknowledging twice is fine.
 */
export async function acknowledgeSend(ctx: DeviceSendsContext, actor: Actor, sendId: string): Promise<void> {
  requireSignedIn(actor);
  const [found] = await ctx.db
    .select({ userId: deviceSends.userId, toSessionId: devices.sessionId })
    .from(deviceSends)
    .innerJoin(devices, eq(devices.id, deviceSends.toDeviceId))
    .where(eq(deviceSends.id, sendId));
  if (!found || !deviceSendPolicy.read(actor, found)) throw sendNotFound();
  authorize(deviceSendPolicy, 'ack', actor, found);
  await ctx.db
    .update(deviceSends)
    // The text goes once delivered, and with it the key that sealed it.
    .set({ ackedAt: sql`now()`, text: null, wrappedKey: null })
    .where(and(eq(deviceSends.id, sendId), isNull(deviceSends.ackedAt)));
}

/**
 * The redelivery job (decision 028), on one node at a time: a send handed over `redeliverAfterMs` ago and
 * not acknowledged is handed over again if its device is online, else it waits for the device's next
 * connect. A send stored in the last minute and never handed over (its device connected while it was being
 * stored) is handed over too.
 */
export async function redeliverUnacknowledged(ctx: DeviceSendsContext): Promise<void> {
  const isDue = () =>
    and(
      isWaiting(),
      or(
        lt(deviceSends.deliveredAt, sql`now() - ${`${ctx.timing.redeliverAfterMs} milliseconds`}::interval`),
        and(isNull(deviceSends.deliveredAt), gt(deviceSends.createdAt, sql`now() - interval '1 minute'`)),
      ),
    );
  const due = await ctx.db
    .select({ id: deviceSends.id, deliveredAt: deviceSends.deliveredAt, sessionId: devices.sessionId })
    .from(deviceSends)
    .innerJoin(devices, eq(devices.id, deviceSends.toDeviceId))
    .where(isDue())
    // Redeliveries first: a send never handed over whose device is offline stays due for its first minute,
    // and must not crowd them out of the batch.
    .orderBy(sql`${deviceSends.deliveredAt} asc nulls last`, asc(deviceSends.createdAt), asc(deviceSends.id))
    .limit(SCAN_BATCH);
  if (due.length === 0) return;
  const online = await ctx.presence.onlineSessions([...new Set(due.map(({ sessionId }) => sessionId))]);
  const later = due.filter(({ sessionId, deliveredAt }) => !online.has(sessionId) && deliveredAt !== null);
  if (later.length > 0) {
    // Its device went away without acknowledging: it is queued again, for the device's next connect.
    const ids = later.map(({ id }) => id);
    await ctx.db
      .update(deviceSends)
      .set({ deliveredAt: null })
      .where(and(inArray(deviceSends.id, ids), isDue()));
  }
  const now = due.filter(({ sessionId }) => online.has(sessionId));
  if (now.length === 0) return;
  // Claimed by the UPDATE: what a connecting socket took meanwhile is no longer due, and is not sent twice.
  const claimed = await ctx.db
    .update(deviceSends)
    .set({ deliveredAt: sql`now()` })
    .where(
      and(
        inArray(
          deviceSends.id,
          now.map(({ id }) => id),
        ),
        isDue(),
      ),
    )
    .returning();
  const sessionOf = new Map(now.map(({ id, sessionId }) => [id, sessionId]));
  const oldestFirst = claimed.sort(byCreation);
  const payloads = await payloadsOf(ctx.db, oldestFirst);
  oldestFirst.forEach((row, index) => {
    const sessionId = sessionOf.get(row.id);
    const payload = payloads[index];
    if (sessionId && payload) handOver(ctx, sessionId, [payload]);
  });
}

/** The expiry job: a send past its 7 days goes, acknowledged or not (with it, what its text counted). */
export async function deleteExpiredSends(ctx: DeviceSendsContext): Promise<void> {
  await ctx.db.delete(deviceSends).where(lt(deviceSends.expiresAt, sql`now()`));
}
