import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { emitAck, listOf, settle, useLanTestApp } from '../../../test/lan-sockets';
import { nextEvent, type TestSocket } from '../../../test/socket-client';
import { deviceNearness } from '../../db/schema';

/** The test's loopback client plays a trusted proxy, so X-Forwarded-For says which network each device is on. */
const HOME = '203.0.113.7';
const OFFICE = '198.51.100.20';
const CAFE = '192.0.2.44';
const HOUR_MS = 3_600_000;

/**
 * Two devices of one account proved near (decision 030) find each other in LAN Share whatever their
 * addresses say (a VPN, IPv6 privacy addresses, a relay), and connect; nobody else gains anything by it.
 */
describe('LAN Share between proved-near devices on different address groups', () => {
  const lan = useLanTestApp();
  const { sockets } = lan;

  /** A signed-in browser of `user` registered as a device: its token and device id. */
  const device = async (user: TestUser, name: string) => {
    const tokens = await lan.testApp.factory.session(user);
    const response = await lan.testApp.as({ tokens }).post('/api/devices', { name, kind: 'browser' });
    return { token: tokens.access_token, id: response.json<{ id: string }>().id };
  };
  /** A nearness row as a proof leaves it (the pair in id order), until `expiresAt` (12 hours unless told). */
  const proveNear = async (
    user: TestUser,
    a: { id: string },
    b: { id: string },
    expiresAt = Date.now() + 12 * HOUR_MS,
  ) => {
    const [deviceA, deviceB] = [a.id, b.id].sort();
    await lan.testApp.context.db.insert(deviceNearness).values({
      userId: user.id,
      deviceA: deviceA ?? '',
      deviceB: deviceB ?? '',
      provedAt: new Date(expiresAt - 12 * HOUR_MS),
      expiresAt: new Date(expiresAt),
    });
  };
  /** A LAN socket of `token`'s device (or signed out) from `address`, once the server listed its peers. */
  const lanPeer = async (address: string, token?: string) => {
    const socket = await sockets.connect(lan.baseUrl, {
      headers: { 'x-forwarded-for': address },
      query: { type: 'lan_discover' },
      ...(token ? { token } : {}),
    });
    const list = await listOf(socket);
    return { socket, id: list.selfId };
  };
  const peersOf = async (socket: TestSocket) =>
    (await listOf(socket)).peers.map(({ name, nearness }) => [name, nearness]);
  const desktop = (label: string) => ({
    desktopId: `desktop-${label}`,
    items: [],
    lastUpdated: new Date().toISOString(),
  });

  test('a proved-near host on another network is listed as verified, connects, updates, and its stop and leaving are heard', async () => {
    const owner = await lan.testApp.factory.user();
    const laptop = await device(owner, 'Laptop');
    const phone = await device(owner, 'Phone');
    await proveNear(owner, laptop, phone);

    const phoneLan = await lanPeer(OFFICE, phone.token);
    const laptopLan = await lanPeer(HOME, laptop.token);
    const announced = nextEvent(phoneLan.socket, 'lan:peer:announce');
    expect(await emitAck(laptopLan.socket, 'lan:host:announce', { name: 'Laptop', desktop: desktop('a') })).toEqual({
      ok: true,
    });
    expect((await announced).peer).toMatchObject({ id: laptopLan.id, name: 'Laptop', ip: null, port: null });
    expect(await peersOf(phoneLan.socket)).toEqual([['Laptop', 'verified']]);

    const data = nextEvent(phoneLan.socket, 'lan:peer:desktop_data');
    expect(await emitAck(phoneLan.socket, 'lan:peer:connect', { peerId: laptopLan.id })).toEqual({ ok: true });
    expect((await data).desktop.desktopId).toBe('desktop-a');
    const updated = nextEvent(phoneLan.socket, 'lan:desktop:update');
    expect(await emitAck(laptopLan.socket, 'lan:host:update', { desktop: desktop('b') })).toEqual({ ok: true });
    expect((await updated).desktop.desktopId).toBe('desktop-b');

    const stopped = nextEvent(phoneLan.socket, 'lan:host:stopped');
    expect(await emitAck(laptopLan.socket, 'lan:host:stop', {})).toEqual({ ok: true });
    expect(await stopped).toEqual({ peerId: laptopLan.id });
    expect(await peersOf(phoneLan.socket)).toEqual([]);

    expect(await emitAck(laptopLan.socket, 'lan:host:announce', { name: 'Laptop', desktop: desktop('c') })).toEqual({
      ok: true,
    });
    const left = nextEvent(phoneLan.socket, 'lan:peer:disconnect');
    laptopLan.socket.close();
    expect(await left).toEqual({ peerId: laptopLan.id });
  });

  test("nobody else reaches another network's host: a device not proved near, another account's, a signed-out browser", async () => {
    const owner = await lan.testApp.factory.user();
    const laptop = await device(owner, 'Laptop');
    const phone = await device(owner, 'Phone');
    const tablet = await device(owner, 'Tablet');
    await proveNear(owner, laptop, phone);
    const stranger = await lan.testApp.factory.user();
    const strangersPhone = await device(stranger, 'Stranger phone');

    const laptopLan = await lanPeer(HOME, laptop.token);
    expect(await emitAck(laptopLan.socket, 'lan:host:announce', { name: 'Laptop', desktop: desktop('a') })).toEqual({
      ok: true,
    });
    const outsiders = [
      await lanPeer(CAFE, tablet.token),
      await lanPeer(CAFE, strangersPhone.token),
      await lanPeer(CAFE),
    ];
    const heard: string[] = [];
    for (const { socket } of outsiders) socket.on('lan:desktop:update', () => heard.push('update'));
    for (const { socket } of outsiders) {
      expect(await peersOf(socket)).toEqual([]);
      expect(await emitAck(socket, 'lan:peer:connect', { peerId: laptopLan.id })).toMatchObject({
        ok: false,
        code: 'NOT_LOCAL_NETWORK',
      });
    }
    expect(await emitAck(laptopLan.socket, 'lan:host:update', { desktop: desktop('b') })).toEqual({ ok: true });
    await settle();
    expect(heard).toEqual([]);
  });

  test('a nearness that expired lists the host no more and lets no one connect', async () => {
    const owner = await lan.testApp.factory.user();
    const laptop = await device(owner, 'Laptop');
    const phone = await device(owner, 'Phone');
    await proveNear(owner, laptop, phone, Date.now() - HOUR_MS);
    const laptopLan = await lanPeer(HOME, laptop.token);
    expect(await emitAck(laptopLan.socket, 'lan:host:announce', { name: 'Laptop', desktop: desktop('a') })).toEqual({
      ok: true,
    });
    const phoneLan = await lanPeer(OFFICE, phone.token);
    expect(await peersOf(phoneLan.socket)).toEqual([]);
    expect(await emitAck(phoneLan.socket, 'lan:peer:connect', { peerId: laptopLan.id })).toMatchObject({
      ok: false,
      code: 'NOT_LOCAL_NETWORK',
    });
  });
});
