import type { LanDesktopData, LanPeersList } from '@clipsync/shared';
import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { socketPool, type TestSocket } from '../../test/socket-client';
import { SLOW_CONSUMER_MAX_BYTES } from './slow-consumer-guard';

/** A LAN host's desktop of ~900 KB: each `lan:peer:connect` sends it whole to the asking peer. */
const BIG_DESKTOP: LanDesktopData = {
  desktopId: 'desktop-big',
  items: [
    {
      id: 'item-1',
      type: 'text',
      content: 'x'.repeat(900_000),
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
const ASKS = Math.ceil((2 * SLOW_CONSUMER_MAX_BYTES) / 900_000);

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
    const stalledOnServer = serverSockets().get(stalled.socket.id!)!;
    let received = 0;
    reader.socket.on('lan:peer:desktop_data', () => received++);
    tcpOf(stalled.socket).pause();

    for (let ask = 0; ask < ASKS; ask++) {
      stalled.socket.emit('lan:peer:connect', { peerId: host.id });
      reader.socket.emit('lan:peer:connect', { peerId: host.id });
      await sleep(40);
    }
    const deadline = Date.now() + 5000;
    while (stalledOnServer.connected && Date.now() < deadline) await sleep(50);

    expect(stalledOnServer.connected).toBe(false);
    while (received < ASKS && Date.now() < deadline) await sleep(50);
    expect(received).toBe(ASKS);
    expect(serverSockets().get(reader.socket.id!)?.connected).toBe(true);
    expect(serverSockets().get(host.socket.id!)?.connected).toBe(true);
  });
});
