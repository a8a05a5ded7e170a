import type { LanDesktopData, LanPeersList } from '@clipsync/shared';
import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { socketPool, type TestSocket } from '../../test/socket-client';
import { SLOW_CONSUMER_MAX_BYTES, slowConsumersOf } from './slow-consumer-guard';
import type { RealtimeSocket } from './types';

/** A LAN host's desktop of ~900 KB: each `lan:host:update` relays it whole to every connected peer. */
const BIG_DESKTOP: LanDesktopData = {
  desktopId: 'desktop-big',
  items: [
    {
      id: 'item-1',
      type: 'text',
      content: 'x'.repeat(900_000),
      version: 1,
      position: { x: 0, y: 0 },
      size: { width: 200, height: 100 },
      file_name: null,
      file_size: null,
      file_type: null,
      file_url: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    },
  ],
  lastUpdated: new Date().toISOString(),
};
/** More than the guard's bound, within the per-socket event rate. */
const UPDATES = Math.ceil((2 * SLOW_CONSUMER_MAX_BYTES) / 900_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The TCP socket under a Socket.IO client's websocket (engine.io-client → ws → net.Socket). */
const tcpOf = (socket: TestSocket) =>
  (socket.io.engine.transport as unknown as { ws: { _socket: TcpSocket } }).ws._socket;

describe('a socket that does not read what it asked for', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  const serverSockets = () => testApp.context.realtime.io.of('/').sockets;
  const peer = async (type: 'lan_host' | 'lan_discover') => {
    const socket = await sockets.connect(baseUrl, { query: { type } });
    const list = await new Promise<LanPeersList>((resolve) => {
      socket.once('lan:peers:list', resolve);
      socket.emit('lan:discover:request_peers', {});
    });
    return { socket, id: list.selfId };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('is dropped once more than the bound waits for it; a peer that reads the same stays', async () => {
    const host = await peer('lan_host');
    await host.socket.emitWithAck('lan:host:announce', { name: 'Big desktop', desktop: BIG_DESKTOP });
    const reader = await peer('lan_discover');
    const stalled = await peer('lan_discover');
    for (const viewer of [reader, stalled]) await viewer.socket.emitWithAck('lan:peer:connect', { peerId: host.id });
    const stalledOnServer = serverSockets().get(stalled.socket.id!)!;
    let received = 0;
    reader.socket.on('lan:desktop:update', () => received++);
    tcpOf(stalled.socket).pause();

    for (let update = 0; update < UPDATES; update++) {
      host.socket.emit('lan:host:update', { desktop: BIG_DESKTOP });
      await sleep(40);
    }
    const deadline = Date.now() + 5000;
    while (stalledOnServer.connected && Date.now() < deadline) await sleep(50);

    expect(stalledOnServer.connected).toBe(false);
    while (received < UPDATES && Date.now() < deadline) await sleep(50);
    expect(received).toBe(UPDATES);
    expect(serverSockets().get(reader.socket.id!)?.connected).toBe(true);
    expect(serverSockets().get(host.socket.id!)?.connected).toBe(true);
  });
});

const MB = 1024 * 1024;
const bounds = { perSocket: 8 * MB, perAddress: 20 * MB };

/** A socket as the guard reads it: its address, and what Engine.IO and `ws` hold for it. */
const socketOf = (id: string, address: string, queuedMb: number, inWsMb = 0) =>
  holding(
    { id, data: { address }, conn: { writeBuffer: [], transport: { socket: { bufferedAmount: 0 } } } },
    queuedMb,
    inWsMb,
  );
/** Sets what waits for the socket now (it read some, or more was sent to it). */
function holding(socket: object, queuedMb: number, inWsMb = 0): RealtimeSocket {
  const { conn } = socket as { conn: { writeBuffer: unknown[]; transport: { socket: { bufferedAmount: number } } } };
  conn.writeBuffer = queuedMb > 0 ? [{ data: Buffer.alloc(Math.round(queuedMb * MB)) }] : [];
  conn.transport.socket.bufferedAmount = inWsMb * MB;
  return socket as RealtimeSocket;
}

const idsOf = (sockets: RealtimeSocket[]) => sockets.map((socket) => socket.id).sort();

describe('slowConsumersOf', () => {
  test('drops a socket over the bound by itself at once, counting what Engine.IO and ws each hold', () => {
    const sockets = [socketOf('over', '10.0.0.1', 5, 4), socketOf('under', '10.0.0.2', 5, 3)];
    expect(idsOf(slowConsumersOf(sockets, bounds, new WeakMap()))).toEqual(['over']);
  });

  test("drops the fullest stalled sockets of an address until the rest are within the address's bound", () => {
    const lastCheck = new WeakMap();
    const crowd = [6, 7, 5, 4, 1].map((mb) => socketOf(`crowd-${mb}`, '192.168.1.9', mb));
    const neighbour = [7, 7].map((mb, index) => socketOf(`neighbour-${index}`, '192.168.1.10', mb));
    // Not yet seen to stall: a burst that arrived just now.
    expect(slowConsumersOf([...crowd, ...neighbour], bounds, lastCheck)).toEqual([]);
    // A second later nothing was read: 23 MB from one address; without its 7 MB socket 16 remain, within
    // 20. The neighbour's 14 MB stays.
    expect(idsOf(slowConsumersOf([...crowd, ...neighbour], bounds, lastCheck))).toEqual(['crowd-7']);
  });

  test('a socket sent more than it read counts as stalled', () => {
    const lastCheck = new WeakMap();
    const sockets = ['a', 'b', 'c'].map((id) => socketOf(id, '192.168.1.9', 6));
    slowConsumersOf(sockets, bounds, lastCheck);
    // 7 MB each, 21 together: one goes.
    sockets.forEach((socket) => holding(socket, 5, 2));
    expect(slowConsumersOf(sockets, bounds, lastCheck)).toHaveLength(1);
  });

  test('a crowd behind one address still reading a large message together is left to read it', () => {
    const lastCheck = new WeakMap();
    const crowd = Array.from({ length: 40 }, (_, index) => socketOf(`reader-${index}`, '203.0.113.5', 0));
    slowConsumersOf(crowd, bounds, lastCheck);
    crowd.forEach((socket) => holding(socket, 1));
    expect(slowConsumersOf(crowd, bounds, lastCheck)).toEqual([]);
    crowd.forEach((socket) => holding(socket, 0.9));
    expect(slowConsumersOf(crowd, bounds, lastCheck)).toEqual([]);
    // Stalled at 36 MB together: the first 18 bring it to 20.
    crowd.forEach((socket) => holding(socket, 0.9));
    expect(slowConsumersOf(crowd, bounds, lastCheck)).toHaveLength(18);
  });
});

describe('slowConsumersOf and IPv6', () => {
  test("stalled sockets of one /64 share their address's bound; those of two /64s do not", () => {
    const lastCheck = new WeakMap();
    // 4 × 6 MB from four addresses of one /64: one host, 24 MB together, over 20.
    const host = ['::1', '::2', '::3', '::4'].map((suffix) => socketOf(`host${suffix}`, `2001:db8:1:2${suffix}`, 6));
    // 2 × 6 MB from each of two other /64s: 12 MB each, within.
    const others = ['2001:db8:1:3::1', '2001:db8:1:3::2', '2001:db8:1:4::1', '2001:db8:1:4::2'].map((address) =>
      socketOf(`other-${address}`, address, 6),
    );
    slowConsumersOf([...host, ...others], bounds, lastCheck);
    expect(slowConsumersOf([...host, ...others], bounds, lastCheck)).toHaveLength(1);
    expect(idsOf(slowConsumersOf([...host, ...others], bounds, lastCheck))[0]).toMatch(/^host/);
  });
});
