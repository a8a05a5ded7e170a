import { rm } from 'node:fs/promises';
import {
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  DEVICE_SENDS_WAITING_MAX,
  type CreatedDeviceSends,
  type Device,
  type DeviceSendPayload,
  type ReceivePolicy,
} from '@clipsync/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import type { TestSocket } from '../../../../test/socket-client';
import { createTestDatabase } from '../../../../test/test-database';
import { deviceSends, textUsage, users } from '../../../db/schema/index';
import { newId } from '../../../lib/secure-tokens';
import { createDeviceSendsContext } from './device-sends.context';
import { deleteExpiredSends, redeliverUnacknowledged } from './device-sends.service';
import { dataDirWithDatabase } from '../../../../test/pglite-data-dir';

type Caller = { tokens: { access_token: string } };

/**
 * The redelivery job scans often, but a send falls due only a minute after it was handed over: on loaded
 * cores a device's acknowledgement can take longer than any short redelivery time, and a send acknowledged
 * late is rightly handed over again. A test makes a send due by dating its handover back (`datedBack`).
 */
const SENDS_ENV = { DEVICE_SEND_REDELIVER_MS: '60000', DEVICE_SEND_SCAN_MS: '50', DEVICE_SENDS_PER_MINUTE: '5' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A device's socket, listening before it connects (what waits is handed over as it opens). It records
 * every `device:send` and, like a real client, acknowledges each (unless told not to) and acts on an id once.
 */
async function deviceSocket(baseUrl: string, caller: Caller, { ack = true } = {}) {
  const socket: TestSocket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: caller.tokens.access_token },
  });
  const received: DeviceSendPayload[] = [];
  const actedOn = new Map<string, DeviceSendPayload>();
  socket.on('device:send', (send) => {
    received.push(send);
    if (!actedOn.has(send.id)) actedOn.set(send.id, send);
    if (ack) socket.emit('device:send-ack', { id: send.id });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received, actedOn };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** The sends look handed over an hour ago: what is not acknowledged is due, for the job's next scan. */
async function datedBack(app: TestApp, ids: string[]) {
  await app.context.db
    .update(deviceSends)
    .set({ deliveredAt: sql`now() - interval '1 hour'` })
    .where(inArray(deviceSends.id, ids));
}

/** Dated back, and the redelivery job run now: what it would hand over again is on its way. */
async function handedOverLongAgo(app: TestApp, ids: string[]) {
  await datedBack(app, ids);
  await redeliverUnacknowledged(createDeviceSendsContext(app.context));
}

/** The device's own acknowledgements, sent as each send arrives, are stored. */
async function untilAcknowledged(app: TestApp, ids: string[]) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await app.context.db.select().from(deviceSends).where(inArray(deviceSends.id, ids));
    if (rows.every(({ ackedAt }) => ackedAt !== null)) return;
    if (Date.now() > deadline) throw new Error('not acknowledged');
    await sleep(20);
  }
}

describe('sending to devices', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const openSockets: TestSocket[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp(SENDS_ENV);
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    openSockets.forEach((socket) => socket.close());
    await testApp.close();
  });

  const connect = async (app: TestApp, url: string, caller: Caller, options?: { ack?: boolean }) => {
    const device = await deviceSocket(url, caller, options);
    openSockets.push(device.socket);
    return device;
  };
  /** Another signed-in browser of the user, registered as a device. */
  const browser = async (app: TestApp, user: TestUser, name: string): Promise<Caller & { device: Device }> => {
    const caller = { tokens: await app.factory.session(user) };
    const device = await app.api(caller).call(DEVICE_ENDPOINTS.register, { body: { name, kind: 'browser' } });
    return { ...caller, device };
  };
  /** The owner's own session as a device (the sender). */
  const registerOwner = (app: TestApp, owner: TestUser) =>
    app.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Firefox on Linux', kind: 'browser' } });
  const setReceivePolicy = (app: TestApp, owner: TestUser, deviceId: string, receivePolicy: ReceivePolicy) =>
    app.api(owner).call(DEVICE_ENDPOINTS.update, { params: { id: deviceId }, body: { receivePolicy } });
  const send = (app: TestApp, caller: Caller, body: object) => app.as(caller).post('/api/device-sends', body);
  const textBytesOf = async (app: TestApp, userId: string) =>
    (await app.context.db.select().from(textUsage).where(eq(textUsage.userId, userId)))[0]?.bytes ?? 0;

  test('to an online device: delivered over its socket at once, acknowledged, and not sent again', async () => {
    const owner = await testApp.factory.user();
    const laptop = await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Chrome on Android');
    const phoneSocket = await connect(testApp, baseUrl, phone);

    const res = await send(testApp, owner, { to: [phone.device.id], text: 'hello phone' });
    expect(res.statusCode).toBe(201);
    const { sends } = res.json<CreatedDeviceSends>();
    expect(sends).toEqual([{ id: expect.any(String), deviceId: phone.device.id, status: 'delivered' }]);

    await until(() => phoneSocket.received.length === 1);
    expect(phoneSocket.received[0]).toEqual({
      id: sends[0]!.id,
      from: { deviceId: laptop.id, name: 'Firefox on Linux' },
      sentAt: expect.any(String),
      text: 'hello phone',
    });
    const acked = await phoneSocket.socket.emitWithAck('device:send-ack', { id: sends[0]!.id });
    expect(acked).toEqual({ ok: true });
    const [row] = await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.id, sends[0]!.id));
    expect(row?.ackedAt).not.toBeNull();
    expect(row?.text).toBeNull();
    // Acknowledged: past the redelivery time nothing comes again, and nothing is pending.
    await handedOverLongAgo(testApp, [sends[0]!.id]);
    await sleep(300);
    expect(phoneSocket.received).toHaveLength(1);
    expect((await testApp.as(phone).get('/api/device-sends/pending')).json()).toEqual({ sends: [] });
  });

  test('to an offline device: queued, then delivered exactly once when it connects, oldest first', async () => {
    const owner = await testApp.factory.user();
    await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    const tablet = await browser(testApp, owner, 'Tablet');
    const clip = await testApp.factory.clip({ owner, content: 'clip text' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'notes.txt', content: Buffer.from('notes') });

    const first = await send(testApp, owner, { to: [phone.device.id, tablet.device.id], text: 'first' });
    expect(first.json<CreatedDeviceSends>().sends.map(({ status }) => status)).toEqual(['queued', 'queued']);
    const second = await send(testApp, owner, { to: [phone.device.id], clipId: clip.id });
    expect(second.statusCode).toBe(201);

    const pending = (await testApp.as(phone).get('/api/device-sends/pending')).json<{ sends: DeviceSendPayload[] }>();
    expect(pending.sends.map((item) => item.text ?? item.clip?.content)).toEqual(['first', 'clip text']);

    const phoneSocket = await connect(testApp, baseUrl, phone);
    await until(() => phoneSocket.received.length === 2);
    expect(phoneSocket.received[1]?.clip).toEqual({
      id: clip.id,
      content: 'clip text',
      encrypted: false,
      files: [expect.objectContaining({ name: 'notes.txt', size: 5, url: expect.stringContaining('/api/files/') })],
    });
    const phoneSends = phoneSocket.received.map(({ id }) => id);
    await untilAcknowledged(testApp, phoneSends);
    await handedOverLongAgo(testApp, phoneSends);
    await sleep(300);
    expect(phoneSocket.received.map(({ text }) => text ?? 'clip')).toEqual(['first', 'clip']);
    // The tablet's copy still waits for the tablet.
    expect((await testApp.as(tablet).get('/api/device-sends/pending')).json().sends).toHaveLength(1);
  });

  test('an acknowledgement lost: handed over once more after the redelivery time, the same id, acted on once', async () => {
    const owner = await testApp.factory.user();
    await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    const phoneSocket = await connect(testApp, baseUrl, phone, { ack: false });
    const { sends } = (
      await send(testApp, owner, { to: [phone.device.id], text: 'again?' })
    ).json<CreatedDeviceSends>();

    await until(() => phoneSocket.received.length === 1);
    // Within the redelivery time it waits for the acknowledgement.
    await redeliverUnacknowledged(createDeviceSendsContext(testApp.context));
    await sleep(300);
    expect(phoneSocket.received).toHaveLength(1);

    // Due: the job, scanning every 50 ms, hands it over again.
    await datedBack(testApp, [sends[0]!.id]);
    await until(() => phoneSocket.received.length === 2);
    expect(phoneSocket.received.map(({ id }) => id)).toEqual([sends[0]!.id, sends[0]!.id]);
    expect(phoneSocket.actedOn.size).toBe(1);

    expect(await phoneSocket.socket.emitWithAck('device:send-ack', { id: sends[0]!.id })).toEqual({ ok: true });
    await handedOverLongAgo(testApp, [sends[0]!.id]);
    await sleep(300);
    expect(phoneSocket.received).toHaveLength(2);
  });

  test('only its device may acknowledge a send: another device, another user or a forged id changes nothing', async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    const tablet = await browser(testApp, owner, 'Tablet');
    const { sends } = (await send(testApp, owner, { to: [phone.device.id], text: 'mine' })).json<CreatedDeviceSends>();
    const id = sends[0]!.id;

    const tabletSocket = await connect(testApp, baseUrl, tablet);
    const strangerSocket = await connect(testApp, baseUrl, stranger);
    for (const socket of [tabletSocket.socket, strangerSocket.socket]) {
      expect(await socket.emitWithAck('device:send-ack', { id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
    expect(await tabletSocket.socket.emitWithAck('device:send-ack', { id: newId() })).toMatchObject({ ok: false });
    expect(await tabletSocket.socket.emitWithAck('device:send-ack', { id: 'x' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect((await testApp.as(stranger).post(`/api/device-sends/${id}/ack`)).statusCode).toBe(404);
    expect((await testApp.as(owner).post(`/api/device-sends/${id}/ack`)).statusCode).toBe(404);
    expect((await testApp.as(phone).get('/api/device-sends/pending')).json().sends).toHaveLength(1);
    // Its own device acknowledges over HTTP after a pull (twice is fine).
    expect((await testApp.as(phone).post(`/api/device-sends/${id}/ack`)).statusCode).toBe(204);
    expect((await testApp.as(phone).post(`/api/device-sends/${id}/ack`)).statusCode).toBe(204);
    expect((await testApp.as(phone).get('/api/device-sends/pending')).json().sends).toHaveLength(0);
  });

  test('a device removed while sends wait for it: they are dropped with it, and their text no longer counts', async () => {
    const owner = await testApp.factory.user();
    await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    await send(testApp, owner, { to: [phone.device.id], text: 'héllo' });
    expect(await textBytesOf(testApp, owner.id)).toBe(6);

    expect((await testApp.as(owner).delete(`/api/devices/${phone.device.id}`)).statusCode).toBe(204);
    const left = await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.userId, owner.id));
    expect(left).toEqual([]);
    expect(await textBytesOf(testApp, owner.id)).toBe(0);
  });

  test('refusals: off is 409 naming it; foreign and forged ids one 404; itself 403; a foreign clip 404; signed out 401', async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const mine = await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    const theirs = await browser(testApp, stranger, 'Their phone');
    const theirClip = await testApp.factory.clip({ owner: stranger, content: 'secret' });

    await setReceivePolicy(testApp, owner, phone.device.id, 'off');
    const off = await send(testApp, owner, { to: [phone.device.id], text: 'x' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'DEVICE_NOT_RECEIVING', deviceIds: [phone.device.id] });
    expect(off.json().error).toContain('Phone');

    const foreign = await send(testApp, owner, { to: [theirs.device.id], text: 'x' });
    const forged = await send(testApp, owner, { to: [newId()], text: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(forged.statusCode).toBe(404);
    const bodyOf = (res: typeof foreign) => ({ ...res.json(), requestId: undefined });
    expect(bodyOf(foreign)).toEqual(bodyOf(forged));

    expect((await send(testApp, owner, { to: [mine.id], text: 'x' })).statusCode).toBe(403);
    await setReceivePolicy(testApp, owner, phone.device.id, 'ask');
    expect((await send(testApp, owner, { to: [phone.device.id], clipId: theirClip.id })).statusCode).toBe(404);

    for (const body of [
      { to: [phone.device.id] },
      { to: [phone.device.id], text: 'x', clipId: theirClip.id },
      { to: [], text: 'x' },
      { to: [phone.device.id, phone.device.id], text: 'x' },
      { to: Array.from({ length: 11 }, () => newId()), text: 'x' },
      { to: [phone.device.id], text: 'x'.repeat(1_000_001) },
    ]) {
      expect((await send(testApp, owner, body)).statusCode).toBe(400);
    }
    // Nothing refused was stored.
    expect(await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.userId, owner.id))).toEqual([]);

    expect(
      (await send(testApp, { tokens: { access_token: '' } }, { to: [phone.device.id], text: 'x' })).statusCode,
    ).toBe(401);
    expect((await testApp.as(null).post('/api/device-sends', { to: [phone.device.id], text: 'x' })).statusCode).toBe(
      401,
    );
    expect((await testApp.as(null).get('/api/device-sends/pending')).statusCode).toBe(401);
    expect((await testApp.as(null).post(`/api/device-sends/${newId()}/ack`)).statusCode).toBe(401);
  });

  test('a device with DEVICE_SENDS_WAITING_MAX sends waiting is refused more (409 naming it) until it takes them', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(testApp, owner, 'Phone');
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await testApp.context.db.insert(deviceSends).values(
      Array.from({ length: DEVICE_SENDS_WAITING_MAX }, (_, index) => ({
        id: newId(),
        userId: owner.id,
        fromName: 'ClipSync',
        toDeviceId: phone.device.id,
        text: `waiting ${index}`,
        expiresAt,
      })),
    );
    const full = await send(testApp, owner, { to: [phone.device.id], text: 'one more' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('Phone') });

    const [first] = (await testApp.as(phone).get('/api/device-sends/pending')).json<{ sends: DeviceSendPayload[] }>()
      .sends;
    expect((await testApp.as(phone).post(`/api/device-sends/${first!.id}/ack`)).statusCode).toBe(204);
    expect((await send(testApp, owner, { to: [phone.device.id], text: 'one more' })).statusCode).toBe(201);
  });

  test('an account deleted while its sends wait goes with them (the quota trigger never names a deleted user)', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(testApp, owner, 'Phone');
    expect((await send(testApp, owner, { to: [phone.device.id], text: 'waiting text' })).statusCode).toBe(201);
    await testApp.context.db.delete(users).where(eq(users.id, owner.id));
    expect(await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.userId, owner.id))).toEqual([]);
    expect(await textBytesOf(testApp, owner.id)).toBe(0);
  });

  test('a CLI signed in without clips:read is not sent anything: 409 naming it, nothing stored', async () => {
    const owner = await testApp.factory.user();
    await testApp.factory.deviceSignIn({
      owner,
      clientName: 'push-only tool',
      requestedScopes: ['clips:write'],
      scopes: ['clips:write'],
    });
    const devicesOf = (await testApp.as(owner).get('/api/devices')).json<{ devices: Device[] }>().devices;
    const tool = devicesOf.find((device) => device.name === 'push-only tool');
    expect(tool).toBeDefined();

    const refused = await send(testApp, owner, { to: [tool!.id], text: 'not for you' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEVICE_NOT_RECEIVING', deviceIds: [tool!.id] });
    expect(await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.userId, owner.id))).toEqual([]);
  });

  test('a token needs clips:write to send; the per-account limit answers 429', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(testApp, owner, 'Phone');
    const reader = await testApp.factory.token({ owner, name: 'ro', scopes: ['clips:read'] });
    const writer = await testApp.factory.token({ owner, name: 'rw', scopes: ['clips:write'] });

    const refused = await send(testApp, reader.caller, { to: [phone.device.id], text: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('INSUFFICIENT_SCOPE');
    for (let index = 0; index < 5; index += 1) {
      expect((await send(testApp, writer.caller, { to: [phone.device.id], text: `${index}` })).statusCode).toBe(201);
    }
    const limited = await send(testApp, owner, { to: [phone.device.id], text: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // A token made by hand is no device: its sends say so.
    const [first] = (await testApp.as(phone).get('/api/device-sends/pending')).json().sends;
    expect(first.from).toEqual({ deviceId: null, name: 'ClipSync' });
  });

  test('the expiry job deletes sends past their 7 days, and with them what their text counted', async () => {
    const owner = await testApp.factory.user();
    await registerOwner(testApp, owner);
    const phone = await browser(testApp, owner, 'Phone');
    const { sends } = (await send(testApp, owner, { to: [phone.device.id], text: 'old' })).json<CreatedDeviceSends>();
    await send(testApp, owner, { to: [phone.device.id], text: 'new' });
    expect(await textBytesOf(testApp, owner.id)).toBe(6);
    await testApp.context.db
      .update(deviceSends)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(deviceSends.id, sends[0]!.id));
    expect((await testApp.as(phone).get('/api/device-sends/pending')).json().sends).toHaveLength(1);

    await deleteExpiredSends(createDeviceSendsContext(testApp.context));
    const left = await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.userId, owner.id));
    expect(left.map(({ text }) => text)).toEqual(['new']);
    expect(await textBytesOf(testApp, owner.id)).toBe(3);
  });

  test('waiting text counts in the sender’s storage quota, once per device, until acknowledged', async () => {
    const small = await buildTestApp({ ...SENDS_ENV, STORAGE_QUOTA_BYTES: '100' });
    try {
      const owner = await small.factory.user();
      await registerOwner(small, owner);
      const phone = await browser(small, owner, 'Phone');
      const tablet = await browser(small, owner, 'Tablet');
      const forty = 'x'.repeat(40);
      expect((await send(small, owner, { to: [phone.device.id, tablet.device.id], text: forty })).statusCode).toBe(201);
      expect(await textBytesOf(small, owner.id)).toBe(80);
      const full = await send(small, owner, { to: [phone.device.id], text: forty });
      expect(full.statusCode).toBe(413);
      expect(full.json().code).toBe('QUOTA_EXCEEDED');
      const [waiting] = (await small.as(phone).get('/api/device-sends/pending')).json().sends;
      await small.as(phone).post(`/api/device-sends/${waiting.id}/ack`);
      expect(await textBytesOf(small, owner.id)).toBe(40);
      expect((await send(small, owner, { to: [phone.device.id], text: forty })).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('sending to devices across a server restart', () => {
  // Two starts on an embedded database on disk (the second a restart): past 20 s on CI's two loaded cores.
  test(
    'queued before the restart, delivered exactly once after it to the reconnecting device',
    { timeout: 90_000 },
    async () => {
      const dataDir = await dataDirWithDatabase('clipsync-restart-');
      const database = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
      const env = { ...SENDS_ENV, ...(database ? { DATABASE_URL: database.url } : {}) };
      const sockets: TestSocket[] = [];
      try {
        const before = await buildTestApp(env, { dataDir });
        const owner = await before.factory.user();
        const phoneTokens = await before.factory.session(owner);
        const phone = await before
          .api({ tokens: phoneTokens })
          .call(DEVICE_ENDPOINTS.register, { body: { name: 'Phone', kind: 'browser' } });
        const created = await before
          .api(owner)
          .call(DEVICE_SEND_ENDPOINTS.create, { body: { to: [phone.id], text: 'survives' } });
        expect(created.sends[0]?.status).toBe('queued');
        await before.close();

        const after = await buildTestApp(env, { dataDir });
        try {
          const url = await after.listen();
          const device = await deviceSocket(url, { tokens: phoneTokens });
          sockets.push(device.socket);
          await until(() => device.received.length === 1);
          expect(device.received[0]).toMatchObject({ text: 'survives', from: { deviceId: null, name: 'ClipSync' } });
          await untilAcknowledged(after, [device.received[0]!.id]);
          await handedOverLongAgo(after, [device.received[0]!.id]);
          await sleep(300);
          expect(device.received).toHaveLength(1);
          // Reconnecting again hands nothing over: it was acknowledged.
          device.socket.close();
          const again = await deviceSocket(url, { tokens: phoneTokens });
          sockets.push(again.socket);
          await sleep(500);
          expect(again.received).toHaveLength(0);
        } finally {
          sockets.forEach((socket) => socket.close());
          await after.close();
        }
      } finally {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
