import * as sealing from '@clipsync/shared/crypto';
import { multipartFile } from '../../../test/multipart';
import { sealedAccount } from '../../../test/sealed-account';
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CLIP_ENDPOINTS,
  DEVICE_ENDPOINTS,
  WEB_PUSH_ENDPOINTS,
  ROOM_ENDPOINTS,
  type CreatedDeviceSends,
  type Device,
  type PushSettings,
} from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service-stand-in';
import type { TestSocket } from '../../../test/socket-client';
import { deviceSends, pushSubscriptions } from '../../db/schema';
import { PUSHES_PER_ACCOUNT_PER_MINUTE, PUSHES_PER_DEVICE_PER_MINUTE } from './web-push.context';

type Caller = { tokens: { access_token: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}
/** Time for a push that should not come to have come: the push goes right after the request's commit. */
const NOTHING_CAME_MS = 400;

describe('Web Push', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let service: PushServiceStandIn;
  const openSockets: TestSocket[] = [];
  beforeAll(async () => {
    // The stand-in is a push service on the operator's own machine: a self-hosted one the operator trusts.
    testApp = await buildTestApp({ DEVICE_SENDS_PER_MINUTE: '100', PUSH_TRUSTED_HOSTS: '127.0.0.1' });
    baseUrl = await testApp.listen();
    service = await startPushServiceStandIn();
  });
  afterAll(async () => {
    openSockets.forEach((socket) => socket.close());
    await testApp.close();
    await service.close();
  });

  /** A signed-in browser of the user, registered as a device. */
  const browser = async (user: TestUser, name: string): Promise<Caller & { device: Device }> => {
    const caller = { tokens: await testApp.factory.session(user) };
    const device = await testApp.api(caller).call(DEVICE_ENDPOINTS.register, { body: { name, kind: 'browser' } });
    return { ...caller, device };
  };
  /** The browser turns notifications on: a subscription at the stand-in, whose keys the test holds. */
  const subscribed = async (caller: Caller, preferences?: object) => {
    const subscription = service.subscribe();
    const { id, ...body } = subscription;
    const res = await testApp
      .as(caller)
      .inject('PUT', '/api/devices/current/push', { subscription: body, preferences });
    expect(res.statusCode).toBe(200);
    service.trust(res.json<PushSettings>().publicKey);
    return id;
  };
  const pushesTo = (subscriptionId: string) =>
    service.received.filter((push) => push.subscriptionId === subscriptionId).map(({ message }) => message);
  /** An account with a sending laptop and a phone that turned notifications on. */
  const laptopAndPhone = async (preferences?: object) => {
    const owner = await testApp.factory.user();
    await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
    const phone = await browser(owner, 'Phone');
    const subscription = await subscribed(phone, preferences);
    return { owner, phone, subscription };
  };
  const send = async (caller: Caller, body: object) => {
    const res = await testApp.as(caller).post('/api/device-sends', body);
    expect(res.statusCode).toBe(201);
    return res.json<CreatedDeviceSends>().sends;
  };
  const subscriptionOf = async (deviceId: string) =>
    (await testApp.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.deviceId, deviceId)))[0];
  /** The subscription is removed in the background, after the answer that caused it. */
  const untilGone = async (deviceId: string) => {
    const deadline = Date.now() + 5_000;
    while ((await subscriptionOf(deviceId)) && Date.now() < deadline) await sleep(20);
    expect(await subscriptionOf(deviceId)).toBeUndefined();
  };

  test('the key pair is made at the first start and kept in DATA_DIR, readable by the server alone', async () => {
    const file = join(testApp.config.dataDir, 'vapid-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string };
    const owner = await testApp.factory.user();
    await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
    const settings = await testApp.api(owner).call(WEB_PUSH_ENDPOINTS.settings);
    expect(settings).toEqual({
      publicKey: kept.publicKey,
      subscribed: false,
      preferences: { sends: true, signIns: true, shareViews: false, showText: false, rooms: [] },
    });
  });

  test('who may: a device session; a token is 403, a session that is no device 409, no one 401', async () => {
    const owner = await testApp.factory.user();
    const token = await testApp.factory.token({ owner, scopes: ['clips:read'] });
    expect((await testApp.as(token.caller).get('/api/devices/current/push')).json()).toMatchObject({
      code: 'TOKEN_NOT_ALLOWED',
    });
    const noDevice = await testApp.as(owner).get('/api/devices/current/push');
    expect([noDevice.statusCode, noDevice.json().code]).toEqual([409, 'CONFLICT']);
    expect((await testApp.as(null).get('/api/devices/current/push')).statusCode).toBe(401);
  });

  test('bad input is 400: an endpoint that is not https, keys of the wrong length, an empty change', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const { id: _id, ...good } = service.subscribe();
    const put = (subscription: object) =>
      testApp.as(phone).inject('PUT', '/api/devices/current/push', { subscription });
    expect((await put({ ...good, endpoint: 'http://push.example.com/x' })).statusCode).toBe(400);
    expect((await put({ ...good, keys: { ...good.keys, auth: 'short' } })).statusCode).toBe(400);
    expect((await testApp.as(phone).inject('PATCH', '/api/devices/current/push', {})).statusCode).toBe(400);
    expect(
      (await testApp.as(phone).inject('PATCH', '/api/devices/current/push', { rooms: ['a', 'a'] })).statusCode,
    ).toBe(400);
  });

  test('rooms followed are the account’s own: another user’s room is 404; preferences outlive unsubscribing', async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const mine = await testApp.factory.room({ owner });
    const theirs = await testApp.factory.room({ owner: stranger });
    const refused = await testApp.as(phone).inject('PATCH', '/api/devices/current/push', { rooms: [theirs.id] });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'NOT_FOUND']);

    await subscribed(phone, { showText: true });
    const updated = await testApp
      .api(phone)
      .call(WEB_PUSH_ENDPOINTS.update, { body: { rooms: [mine.id], sends: false } });
    expect(updated).toMatchObject({
      subscribed: true,
      preferences: { sends: false, showText: true, rooms: [mine.id] },
    });
    await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.unsubscribe);
    await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.unsubscribe);
    expect(await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.settings)).toMatchObject({
      subscribed: false,
      preferences: { sends: false, showText: true, rooms: [mine.id] },
    });
  });

  test('a send to an offline device is pushed once: who sent it, no text, high urgency for a day', async () => {
    const { owner, subscription } = await laptopAndPhone();
    const phoneId = (await testApp.api(owner).call(DEVICE_ENDPOINTS.list)).devices.find(
      ({ name }) => name === 'Phone',
    )!.id;
    const [queued] = await send(owner, { to: [phoneId], text: 'the wifi password' });
    expect(queued?.status).toBe('queued');
    await until(() => pushesTo(subscription).length === 1);
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(subscription)).toEqual([{ kind: 'send', sendId: queued!.id, from: 'Laptop' }]);
    const push = service.received.find((item) => item.subscriptionId === subscription)!;
    expect([push.ttl, push.urgency]).toEqual([86_400, 'high']);
    expect((await subscriptionOf(phoneId))?.lastSuccessAt).not.toBeNull();
    expect(service.problems).toEqual([]);
  });

  test('with "show text" on, the text comes (cut); a clip with files names its first file', async () => {
    const { owner, phone, subscription } = await laptopAndPhone({ showText: true });
    await send(owner, { to: [phone.device.id], text: 'x'.repeat(600) });
    const clip = await testApp.factory.clip({ owner, content: 'see attached' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'report.pdf', content: Buffer.from('12345') });
    await send(owner, { to: [phone.device.id], clipId: clip.id });
    await until(() => pushesTo(subscription).length === 2);
    const [text, withFile] = pushesTo(subscription);
    expect(text).toMatchObject({ kind: 'send', text: 'x'.repeat(500) });
    expect(withFile).toMatchObject({ text: 'see attached', file: { name: 'report.pdf', size: 5, count: 1 } });
  });

  test('a sealed clipboard\'s sends are pushed without text or file names, even with "show text" on', async () => {
    const { owner, phone, subscription } = await laptopAndPhone({ showText: true });
    const device = await sealedAccount(testApp, owner);
    const { clipKey, wrappedKey } = await device.newClipKey();
    const text = await sealing.encryptText('the safe opens with 4471', clipKey);
    await send(owner, { to: [phone.device.id], text, wrappedKey });
    const made = await testApp.as(owner).post('/api/clipboard', { content: text, encrypted: true, wrappedKey });
    const clipId = made.json<{ id: string }>().id;
    const sealedFile = await device.sealFile(clipKey, 'safe-manual.pdf', 'application/pdf', Buffer.from('manual'));
    const form = multipartFile('file', 'encrypted', 'application/octet-stream', sealedFile);
    const uploaded = await testApp
      .as(owner)
      .inject('POST', `/api/clipboard/${clipId}/files`, form.payload, form.headers);
    expect(uploaded.statusCode).toBe(201);
    await send(owner, { to: [phone.device.id], clipId });
    await until(() => pushesTo(subscription).length === 2);
    const [ofText, ofClip] = pushesTo(subscription);
    expect(ofText).toEqual({ kind: 'send', sendId: expect.any(String), from: 'Laptop' });
    expect(ofClip).toEqual({
      kind: 'send',
      sendId: expect.any(String),
      from: 'Laptop',
      file: { name: '', size: sealedFile.length, count: 1 },
    });
  });

  test('an online device is not pushed: its socket has the send', async () => {
    const { owner, phone, subscription } = await laptopAndPhone();
    const socket: TestSocket = io(baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: phone.tokens.access_token },
    });
    openSockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const [sent] = await send(owner, { to: [phone.device.id], text: 'live' });
    expect(sent?.status).toBe('delivered');
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(subscription)).toEqual([]);
  });

  test('a send acknowledged on another path before its push goes is not pushed', async () => {
    const { owner, phone, subscription } = await laptopAndPhone({ sends: false });
    const [sent] = await send(owner, { to: [phone.device.id], text: 'taken already' });
    await testApp.as(phone).post(`/api/device-sends/${sent!.id}/ack`);
    await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.update, { body: { sends: true } });
    // As if the push were only now leaving: it reads the send again, and finds it taken.
    testApp.context.events.emit('device.send-queued', { sendId: sent!.id, toDeviceId: phone.device.id });
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(subscription)).toEqual([]);
    expect(
      (await testApp.context.db.select().from(deviceSends).where(eq(deviceSends.id, sent!.id)))[0]?.ackedAt,
    ).not.toBeNull();
  });

  test('sends turned off: nothing is pushed, and the send still waits', async () => {
    const { owner, phone, subscription } = await laptopAndPhone({ sends: false });
    const [sent] = await send(owner, { to: [phone.device.id], text: 'quiet' });
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(subscription)).toEqual([]);
    expect(sent?.status).toBe('queued');
  });

  test('a subscription the push service says is gone (410) is removed at once', async () => {
    const { owner, phone, subscription } = await laptopAndPhone();
    service.answerNext(410);
    await send(owner, { to: [phone.device.id], text: 'anyone?' });
    await until(() => service.attempts.includes(subscription));
    await untilGone(phone.device.id);
    expect((await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.settings)).subscribed).toBe(false);
  });

  test.each([
    ['the metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['a LAN push server', 'https://10.1.2.3/push/1'],
    ['loopback as IPv4-compatible IPv6', 'https://[::7f00:1]/push/1'],
    ['a loopback host the operator does not trust', 'http://localhost:9/push/1'],
  ])('a subscription to %s is refused when made, in words the settings page shows (422)', async (_label, endpoint) => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const { id: _unused, ...keysOnly } = service.subscribe();
    const res = await testApp
      .as(phone)
      .inject('PUT', '/api/devices/current/push', { subscription: { ...keysOnly, endpoint } });
    expect([res.statusCode, res.json().code]).toEqual([422, 'PUSH_SERVICE_NOT_ALLOWED']);
    expect(res.json().error).toMatch(/private network.*PUSH_TRUSTED_HOSTS/);
    expect(await subscriptionOf(phone.device.id)).toBeUndefined();
  });

  test('a push service on a private host the operator trusts is taken and pushed to', async () => {
    const { owner, phone, subscription } = await laptopAndPhone();
    expect(new URL((await subscriptionOf(phone.device.id))!.endpoint).hostname).toBe('127.0.0.1');
    await send(owner, { to: [phone.device.id], text: 'hello from the LAN' });
    await until(() => pushesTo(subscription).length === 1);
    expect(pushesTo(subscription)).toEqual([{ kind: 'send', sendId: expect.any(String), from: 'Laptop' }]);
  });

  test("a stored subscription whose host now resolves into the server's own network is never called, and removed", async () => {
    const owner = await testApp.factory.user();
    await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
    const phone = await browser(owner, 'Phone');
    const { id: _unused, keys } = service.subscribe();
    // As a name that resolved to a public address when subscribed and resolves inside now would be.
    await testApp.context.db.insert(pushSubscriptions).values({
      deviceId: phone.device.id,
      endpoint: 'https://169.254.169.254/latest/meta-data',
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
    await send(owner, { to: [phone.device.id], text: 'to the metadata service?' });
    await untilGone(phone.device.id);
    expect((await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.settings)).subscribed).toBe(false);
  });

  test('a 500 is tried again after a pause, then delivered once', async () => {
    const { owner, phone, subscription } = await laptopAndPhone();
    service.answerNext(500);
    await send(owner, { to: [phone.device.id], text: 'again' });
    await until(() => pushesTo(subscription).length === 1, 15_000);
    expect(service.attempts.filter((id) => id === subscription)).toHaveLength(2);
    expect((await subscriptionOf(phone.device.id))?.failures).toBe(0);
  });

  test('a loop cannot flood a phone: past the per-device limit a minute, pushes are dropped', async () => {
    const { owner, phone, subscription } = await laptopAndPhone();
    const [sent] = await send(owner, { to: [phone.device.id], text: 'loop' });
    for (let index = 0; index < PUSHES_PER_DEVICE_PER_MINUTE + 5; index += 1) {
      testApp.context.events.emit('device.send-queued', { sendId: sent!.id, toDeviceId: phone.device.id });
    }
    await until(() => pushesTo(subscription).length === PUSHES_PER_DEVICE_PER_MINUTE);
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(subscription)).toHaveLength(PUSHES_PER_DEVICE_PER_MINUTE);
  });

  test('a loop over many devices stops at the per-account limit a minute', async () => {
    const owner = await testApp.factory.user();
    await testApp.api(owner).call(DEVICE_ENDPOINTS.register, { body: { name: 'Laptop', kind: 'browser' } });
    const phones: Array<{ deviceId: string; subscription: string }> = [];
    for (const name of ['Phone 1', 'Phone 2', 'Phone 3', 'Phone 4']) {
      const phone = await browser(owner, name);
      phones.push({ deviceId: phone.device.id, subscription: await subscribed(phone, { signIns: false }) });
    }
    const sent = await send(owner, { to: phones.map(({ deviceId }) => deviceId), text: 'loop' });
    phones.forEach(({ deviceId }, index) => {
      for (let count = 0; count < PUSHES_PER_DEVICE_PER_MINUTE; count += 1) {
        testApp.context.events.emit('device.send-queued', { sendId: sent[index]!.id, toDeviceId: deviceId });
      }
    });
    const total = () => phones.reduce((sum, { subscription }) => sum + pushesTo(subscription).length, 0);
    await until(() => total() === PUSHES_PER_ACCOUNT_PER_MINUTE);
    await sleep(NOTHING_CAME_MS);
    expect(total()).toBe(PUSHES_PER_ACCOUNT_PER_MINUTE);
  });

  test('a new sign-in is pushed to the account’s other devices that want it, not to the new one', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const tablet = await browser(owner, 'Tablet');
    const phoneSubscription = await subscribed(phone);
    const tabletSubscription = await subscribed(tablet, { signIns: false });
    const newcomer = await browser(owner, 'Firefox on Windows');
    const newcomerSubscription = await subscribed(newcomer);
    await until(() => pushesTo(phoneSubscription).length === 1);
    expect(pushesTo(phoneSubscription)).toEqual([
      { kind: 'sign_in', device: 'Firefox on Windows', at: expect.any(String) },
    ]);
    const push = service.received.find((item) => item.subscriptionId === phoneSubscription)!;
    expect([push.ttl, push.urgency]).toEqual([3600, 'high']);
    await sleep(NOTHING_CAME_MS);
    expect([pushesTo(tabletSubscription), pushesTo(newcomerSubscription)]).toEqual([[], []]);
  });

  test('a CLI signed in by a device sign-in is a new sign-in too', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const phoneSubscription = await subscribed(phone);
    await testApp.factory.deviceSignIn({ owner, clientName: 'clipsync CLI' });
    await until(() => pushesTo(phoneSubscription).length === 1);
    expect(pushesTo(phoneSubscription)).toEqual([{ kind: 'sign_in', device: 'clipsync CLI', at: expect.any(String) }]);
  });

  test('new content in a followed room is pushed to members’ devices, not the author’s', async () => {
    const owner = await testApp.factory.user();
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Team' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const ownerPhone = await browser(owner, 'Owner phone');
    const memberPhone = await browser(member, 'Member phone');
    const ownerSubscription = await subscribed(ownerPhone, { rooms: [room.id] });
    const memberSubscription = await subscribed(memberPhone, { rooms: [room.id] });
    await testApp.api(owner).call(ROOM_ENDPOINTS.addContent, { params: { id: room.id }, body: { content: 'hi' } });
    await until(() => pushesTo(memberSubscription).length === 1);
    expect(pushesTo(memberSubscription)).toEqual([{ kind: 'room', roomId: room.id, roomName: 'Team' }]);
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(ownerSubscription)).toEqual([]);
  });

  test('a private share’s first view is pushed to its owner’s devices that want it, once per link', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const tablet = await browser(owner, 'Tablet');
    const phoneSubscription = await subscribed(phone, { shareViews: true });
    const tabletSubscription = await subscribed(tablet);
    const clip = await testApp.factory.clip({ owner, content: 'for one reader' });
    const { linkId } = await testApp
      .api(owner)
      .call(CLIP_ENDPOINTS.updateShare, { params: { id: clip.id }, body: { maxViews: 3 } });
    const open = () => testApp.as(null).inject('POST', `/api/clipboard/${linkId}/open`, {});
    expect((await open()).statusCode).toBe(200);
    await until(() => pushesTo(phoneSubscription).length === 1);
    expect((await open()).statusCode).toBe(200);
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(phoneSubscription)).toEqual([{ kind: 'share_view', clipId: clip.id }]);
    expect(pushesTo(tabletSubscription)).toEqual([]);
    // An unprotected link's reads are no private share's views.
    const open_ = await testApp.factory.clip({ owner, content: 'for anyone' });
    expect((await testApp.as(null).get(`/api/clipboard/${open_.id}`)).statusCode).toBe(200);
    await sleep(NOTHING_CAME_MS);
    expect(pushesTo(phoneSubscription)).toHaveLength(1);
  });

  test('signing out or removing the device removes its subscription', async () => {
    const owner = await testApp.factory.user();
    const phone = await browser(owner, 'Phone');
    const tablet = await browser(owner, 'Tablet');
    await subscribed(phone);
    await subscribed(tablet);
    expect((await testApp.as(phone).post('/api/auth/logout')).statusCode).toBe(200);
    await untilGone(phone.device.id);
    await testApp.api(owner).call(DEVICE_ENDPOINTS.remove, { params: { id: tablet.device.id } });
    expect(await subscriptionOf(tablet.device.id)).toBeUndefined();
  });
});

describe('Web Push without PUSH_TRUSTED_HOSTS', () => {
  let testApp: TestApp;
  let service: PushServiceStandIn;
  beforeAll(async () => {
    testApp = await buildTestApp();
    service = await startPushServiceStandIn();
  });
  afterAll(async () => {
    await testApp.close();
    await service.close();
  });

  test('a push service on the server’s own machine is refused when subscribed, never taken and then dropped', async () => {
    const owner = await testApp.factory.user();
    const phone = { tokens: await testApp.factory.session(owner) };
    await testApp.api(phone).call(DEVICE_ENDPOINTS.register, { body: { name: 'Phone', kind: 'browser' } });
    const { id: _id, ...subscription } = service.subscribe();
    const res = await testApp.as(phone).inject('PUT', '/api/devices/current/push', { subscription });
    expect([res.statusCode, res.json().code]).toEqual([422, 'PUSH_SERVICE_NOT_ALLOWED']);
    expect((await testApp.api(phone).call(WEB_PUSH_ENDPOINTS.settings)).subscribed).toBe(false);
  });
});
