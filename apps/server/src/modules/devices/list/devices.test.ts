import { DEVICE_ENDPOINTS, DEVICE_OFFLINE_WITHIN_MS, type Device, type DevicePresencePayload } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { socketPool, type TestSocket } from '../../../../test/socket-client';
import { devices } from '../../../db/schema/index';
import { newId } from '../../../lib/secure-tokens';
import { createDevicesContext } from '../devices.context';
import { sweepSignedOutDevices } from './devices.service';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS } from '../../../realtime/socket-server';
import { inBackground } from '../../../../test/waits';
import { answerShape } from '../../../../test/answer-shape';

type Caller = { tokens: { access_token: string } };

describe("the account's devices", () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  /** Another signed-in browser of the user, as `testApp.as` takes it. */
  const browser = async (user: TestUser): Promise<Caller> => ({ tokens: await testApp.factory.session(user) });
  const register = async (caller: Caller, name = 'Chrome on Android', kind: 'browser' | 'app' = 'browser') => {
    const res = await testApp.as(caller).post('/api/devices', { name, kind });
    expect(res.statusCode).toBe(201);
    return res.json<Device>();
  };
  const list = async (caller: Caller) => (await testApp.api(caller).call(DEVICE_ENDPOINTS.list)).devices;
  /** The CLI's whole device sign-in: code, approval in the owner's browser, the token. */
  const signInCli = async (owner: TestUser, clientName: string): Promise<Caller> =>
    (await testApp.factory.deviceSignIn({ owner, clientName })).caller;
  /** The next `device:presence` about this device (others are skipped). */
  const presence = (socket: TestSocket, deviceId: string, timeoutMs = 10_000) =>
    new Promise<DevicePresencePayload>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no device:presence for ${deviceId}`)), timeoutMs);
      const listener = (payload: DevicePresencePayload) => {
        if (payload.deviceId !== deviceId) return;
        clearTimeout(timer);
        socket.off('device:presence', listener);
        resolve(payload);
      };
      socket.on('device:presence', listener);
    });

  test('a browser registers itself once per session: 201, then 200 with the same device', async () => {
    const owner = await testApp.factory.user();
    const first = await testApp.as(owner).post('/api/devices', { name: '  Chrome on Android ', kind: 'browser' });
    expect(first.statusCode).toBe(201);
    const device = first.json<Device>();
    expect(device).toMatchObject({ name: 'Chrome on Android', kind: 'browser', online: false, current: true });
    expect(device.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const again = await testApp.as(owner).post('/api/devices', { name: 'Something else', kind: 'app' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(device);
    expect(await list(owner)).toEqual([device]);
  });

  test('names are 1–64 characters once trimmed, and a browser cannot register as a CLI', async () => {
    const owner = await testApp.factory.user();
    for (const body of [
      { name: '   ', kind: 'browser' },
      { name: 'x'.repeat(65), kind: 'browser' },
      { name: 'laptop', kind: 'cli' },
      { name: 'laptop' },
    ]) {
      expect((await testApp.as(owner).post('/api/devices', body)).statusCode).toBe(400);
    }
    expect((await testApp.as(owner).post('/api/devices', { name: 'x'.repeat(64), kind: 'app' })).statusCode).toBe(201);
  });

  test("the CLI's device sign-in makes a cli device named after the client; a token made by hand makes none", async () => {
    const owner = await testApp.factory.user();
    await signInCli(owner, 'clipsync on work laptop');
    const made = await testApp.as(owner).post('/api/tokens', { name: 'CI', scopes: ['clips:read'] });
    expect(made.statusCode).toBe(201);
    expect(await list(owner)).toEqual([
      expect.objectContaining({ name: 'clipsync on work laptop', kind: 'cli', online: false, current: false }),
    ]);
  });

  test('listed with online, lastSeenAt and current; renamed by the owner', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner);
    const phoneDevice = await register(phone, 'Safari on iOS');
    const laptop = await register(owner, 'Firefox on Linux');
    await sockets.connect(baseUrl, { token: phone.tokens.access_token });

    const seen = await list(owner);
    expect(seen).toEqual([
      expect.objectContaining({ id: phoneDevice.id, online: true, current: false }),
      expect.objectContaining({ id: laptop.id, online: false, current: true }),
    ]);
    expect(Date.parse(seen[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);

    const renamed = await testApp.as(owner).patch(`/api/devices/${phoneDevice.id}`, { name: ' My phone ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: phoneDevice.id,
      name: 'My phone',
      online: true,
      current: false,
      receivePolicy: 'ask',
    });
    expect((await list(phone)).find((device) => device.current)?.name).toBe('My phone');
  });

  test('receive policy: ask by default; off and ask for a browser, accept only for a CLI or app (400 for a browser)', async () => {
    const owner = await testApp.factory.user();
    const phone = await register(await browser(owner), 'Chrome on Android');
    const app = await register(await browser(owner), 'ClipSync app', 'app');
    await signInCli(owner, 'clipsync on laptop');
    const cli = (await list(owner)).find(({ kind }) => kind === 'cli')!;
    const patch = (id: string, body: object) => testApp.as(owner).patch(`/api/devices/${id}`, body);

    expect(phone.receivePolicy).toBe('ask');
    const refused = await patch(phone.id, { receivePolicy: 'accept' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect((await patch(phone.id, { receivePolicy: 'off' })).json()).toMatchObject({ receivePolicy: 'off' });
    expect((await patch(app.id, { receivePolicy: 'accept' })).json()).toMatchObject({ receivePolicy: 'accept' });
    const both = await patch(cli.id, { name: 'laptop', receivePolicy: 'accept' });
    expect(both.json()).toMatchObject({ name: 'laptop', receivePolicy: 'accept' });
    expect((await patch(cli.id, {})).statusCode).toBe(400);
    expect((await patch(cli.id, { receivePolicy: 'always' })).statusCode).toBe(400);
    expect((await list(owner)).map(({ receivePolicy }) => receivePolicy)).toEqual(['off', 'accept', 'accept']);
  });

  test('removing a device signs it out at once: its calls answer 401, its socket closes, it is listed no more', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner);
    const phoneDevice = await register(phone);
    const socket = await sockets.connect(baseUrl, { token: phone.tokens.access_token });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

    expect((await testApp.as(owner).delete(`/api/devices/${phoneDevice.id}`)).statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');
    expect((await testApp.as(phone).get('/api/clipboard/history')).statusCode).toBe(401);
    expect(await list(owner)).toEqual([]);
    expect((await testApp.as(owner).delete(`/api/devices/${phoneDevice.id}`)).statusCode).toBe(404);
    // The browser that removed it is untouched.
    expect((await testApp.as(owner).get('/api/clipboard/history')).statusCode).toBe(200);
  });

  test('removing a CLI device ends its token: refused over HTTP and gone from the tokens list', async () => {
    const owner = await testApp.factory.user();
    const cli = await signInCli(owner, 'clipsync');
    expect((await testApp.as(cli).get('/api/clipboard/history')).statusCode).toBe(200);
    const [device] = await list(owner);
    expect((await testApp.as(owner).delete(`/api/devices/${device!.id}`)).statusCode).toBe(204);
    expect((await testApp.as(cli).get('/api/clipboard/history')).statusCode).toBe(401);
    expect((await testApp.as(owner).get('/api/tokens')).json().tokens).toEqual([]);
  });

  test("a CLI device's token is named as the device is now: renamed under My devices, renamed under Access tokens", async () => {
    const owner = await testApp.factory.user();
    await signInCli(owner, 'clipsync on work laptop');
    await testApp.as(owner).post('/api/tokens', { name: 'CI', scopes: ['clips:read'] });
    const [device] = await list(owner);
    expect((await testApp.as(owner).patch(`/api/devices/${device!.id}`, { name: 'Build box' })).statusCode).toBe(200);
    const names = (await testApp.as(owner).get('/api/tokens'))
      .json()
      .tokens.map((token: { name: string }) => token.name);
    expect(names.sort()).toEqual(['Build box', 'CI']);
  });

  test('a device signed out another way (logout) is listed no more, and the sweep removes it', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner);
    const phoneDevice = await register(phone);
    expect((await testApp.as(phone).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await list(owner)).toEqual([]);
    expect((await testApp.as(owner).patch(`/api/devices/${phoneDevice.id}`, { name: 'x' })).statusCode).toBe(404);

    await sweepSignedOutDevices(createDevicesContext(testApp.context));
    expect(await testApp.context.db.select().from(devices).where(eq(devices.id, phoneDevice.id))).toEqual([]);
  });

  test("another user's device and a forged id are one 404; signed out 401; a token lists and renames only (403 TOKEN_NOT_ALLOWED)", async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const device = await register(owner);
    const forged = newId();
    // Whoever asks, another account's device answers exactly as an id that never existed.
    for (const caller of [stranger, null]) {
      for (const ask of [
        (id: string) => testApp.as(caller).patch(`/api/devices/${id}`, { name: 'mine now' }),
        (id: string) => testApp.as(caller).delete(`/api/devices/${id}`),
      ]) {
        const [othersDevice, unknown] = [answerShape(await ask(device.id)), answerShape(await ask(forged))];
        expect(othersDevice.status).toBe(caller ? 404 : 401);
        expect(othersDevice).toEqual(unknown);
      }
    }
    expect(await list(stranger)).toEqual([]);
    expect(await list(owner)).toEqual([expect.objectContaining({ id: device.id, name: 'Chrome on Android' })]);
    expect((await testApp.as(owner).patch('/api/devices/not-an-id', { name: 'x' })).statusCode).toBe(400);

    expect((await testApp.as(null).get('/api/devices')).statusCode).toBe(401);
    expect((await testApp.as(null).post('/api/devices', { name: 'x', kind: 'browser' })).statusCode).toBe(401);

    const cli = await signInCli(owner, 'clipsync');
    // The CLI reads the list to find where to send: its own device is `current`.
    expect((await list(cli)).map(({ name, current }) => [name, current])).toEqual([
      ['Chrome on Android', false],
      ['clipsync', true],
    ]);
    for (const res of [
      await testApp.as(cli).post('/api/devices', { name: 'x', kind: 'browser' }),
      await testApp.as(cli).patch(`/api/devices/${device.id}`, { name: 'x', receivePolicy: 'off' }),
      await testApp.as(cli).patch(`/api/devices/${device.id}`, { receivePolicy: 'ask' }),
      await testApp.as(cli).delete(`/api/devices/${device.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TOKEN_NOT_ALLOWED');
    }
    expect((await list(owner)).map(({ name }) => name).sort()).toEqual(['Chrome on Android', 'clipsync']);
    // `clipsync devices rename`: a token with clips:write renames its own device only (names pick where sends
    // go: a leaked token must not take the phone's), another account's device is a 404.
    const phone = await testApp.as(cli).patch(`/api/devices/${device.id}`, { name: 'Kitchen phone' });
    expect(phone.statusCode).toBe(403);
    expect(phone.json().code).toBe('TOKEN_NOT_ALLOWED');
    const ownId = (await list(cli)).find(({ current }) => current)!.id;
    const renamed = await testApp.as(cli).patch(`/api/devices/${ownId}`, { name: 'Build box' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Device>()).toMatchObject({ id: ownId, name: 'Build box' });
    const strangersDevice = await register(await browser(stranger));
    expect((await testApp.as(cli).patch(`/api/devices/${strangersDevice.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await list(owner)).map(({ name }) => name).sort()).toEqual(['Build box', 'Chrome on Android']);
  });

  test("presence: the account's other device hears a device come online and go offline; a stranger hears nothing", async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const phone = await browser(owner);
    const phoneDevice = await register(phone);
    const listening = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const strangers = await sockets.connect(baseUrl, { token: stranger.tokens.access_token });
    const overheard: unknown[] = [];
    strangers.on('device:presence', (payload) => overheard.push(payload));

    const online = presence(listening, phoneDevice.id);
    const phoneSocket = await sockets.connect(baseUrl, { token: phone.tokens.access_token });
    expect(await online).toMatchObject({ deviceId: phoneDevice.id, online: true });
    expect((await list(owner)).find(({ id }) => id === phoneDevice.id)?.online).toBe(true);

    const offline = presence(listening, phoneDevice.id);
    phoneSocket.close();
    const told = await offline;
    expect(told).toMatchObject({ deviceId: phoneDevice.id, online: false });
    expect(Date.parse(told.lastSeenAt)).toBeGreaterThan(Date.now() - 5000);
    expect((await list(owner)).find(({ id }) => id === phoneDevice.id)).toMatchObject({
      online: false,
      lastSeenAt: told.lastSeenAt,
    });
    expect(overheard).toEqual([]);
  });

  test('a device with two sockets stays online until its last one closes', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner);
    const phoneDevice = await register(phone);
    const listening = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const first = await sockets.connect(baseUrl, { token: phone.tokens.access_token });
    const second = await sockets.connect(baseUrl, { token: phone.tokens.access_token });
    const heard: DevicePresencePayload[] = [];
    listening.on('device:presence', (payload) => heard.push(payload));

    first.close();
    await vi.waitFor(
      async () => expect((await list(owner)).find(({ current }) => !current)?.online).toBe(true),
      inBackground,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.filter(({ online }) => !online)).toEqual([]);
    const offline = presence(listening, phoneDevice.id);
    second.close();
    expect((await offline).online).toBe(false);
  });

  test('the ping notices a lost socket within the 15 s a device may show online after it is gone', () => {
    expect(PING_INTERVAL_MS + PING_TIMEOUT_MS).toBeLessThan(DEVICE_OFFLINE_WITHIN_MS);
    expect(testApp.context.realtime.io.engine.opts).toMatchObject({
      pingInterval: PING_INTERVAL_MS,
      pingTimeout: PING_TIMEOUT_MS,
    });
  });

  // That the ping gives up within the 15 s is checked above (its interval and timeout, and that the engine uses
  // them); here the wait has room for a stall of loaded cores, which only makes a real failure slower to report.
  test(
    'a device whose socket stops answering (no close) shows offline, when the ping gives up on it',
    async () => {
      const owner = await testApp.factory.user();
      const phone = await browser(owner);
      const phoneDevice = await register(phone);
      const listening = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
      const online = presence(listening, phoneDevice.id);
      const phoneSocket = await sockets.connect(baseUrl, { token: phone.tokens.access_token });
      await online;
      // The phone falls silent: it no longer answers the server's pings, and says no goodbye.
      const engine = phoneSocket.io.engine as unknown as { _sendPacket: (type: string, ...rest: unknown[]) => void };
      const send = engine._sendPacket.bind(engine);
      engine._sendPacket = (type, ...rest) => (type === 'pong' ? undefined : send(type, ...rest));
      const offline = await presence(listening, phoneDevice.id, DEVICE_OFFLINE_WITHIN_MS + 10_000);
      expect(offline.online).toBe(false);
    },
    DEVICE_OFFLINE_WITHIN_MS + 15_000,
  );

  test('HTTP use moves last seen at most once a minute, never a write per request', async () => {
    const owner = await testApp.factory.user();
    const device = await register(owner);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const lastSeen = async () =>
      (await testApp.context.db.select().from(devices).where(eq(devices.id, device.id)))[0]!.lastSeenAt.getTime();
    const seenLongAgo = () =>
      testApp.context.db.update(devices).set({ lastSeenAt: longAgo }).where(eq(devices.id, device.id));
    const call = async () => expect((await testApp.as(owner).get('/api/clipboard/history')).statusCode).toBe(200);
    try {
      // The registration was this session's call of the minute; a minute on, the next call is written.
      await seenLongAgo();
      vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
      await call();
      await vi.waitFor(async () => expect(await lastSeen()).toBeGreaterThan(longAgo.getTime()), inBackground);

      await seenLongAgo();
      for (let i = 0; i < 3; i += 1) await call();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await lastSeen()).toBe(longAgo.getTime());
    } finally {
      vi.useRealTimers();
    }
  });
});
