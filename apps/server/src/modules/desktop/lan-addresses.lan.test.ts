import { get } from 'node:http';
import type { LanPeersList } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

/**
 * Runs when TEST_LAN_ADDRESSES is set (CI, as root: scripts/test-services.sh puts two public-range test
 * addresses on the loopback interface). Clients bind to them as their local address, so the server sees
 * two real networks from the sockets themselves: no header, no proxy, nothing trusted.
 */
const [HOME, NEIGHBOUR] = (process.env.TEST_LAN_ADDRESSES ?? '').split(',');

describe('LAN grouping by the socket’s own address', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  const peer = async (localAddress: string, type: 'lan_host' | 'lan_discover') => {
    const socket = await sockets.connect(baseUrl, { query: { type }, localAddress });
    return { socket, id: (await peersOf(socket)).selfId };
  };
  const peersOf = (socket: TestSocket): Promise<LanPeersList> => {
    const list = nextEvent(socket, 'lan:peers:list');
    socket.emit('lan:discover:request_peers', {});
    return list;
  };

  beforeAll(async () => {
    expect(HOME && NEIGHBOUR, 'TEST_LAN_ADDRESSES names two addresses').toBeTruthy();
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    // Listening on one of the test addresses: a connection from a test address to it stays off 127/8.
    const address = await testApp.app.listen({ port: 0, host: HOME });
    baseUrl = address;
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp?.close();
  });

  test('two devices of one address find each other; a device of another address finds neither', async () => {
    const host = await peer(HOME!, 'lan_host');
    const announced = await new Promise((resolve) =>
      host.socket.emit(
        'lan:host:announce',
        { name: 'Home PC', desktop: { desktopId: 'home', items: [], lastUpdated: new Date().toISOString() } },
        resolve,
      ),
    );
    expect(announced).toEqual({ ok: true });
    const sameHome = await peer(HOME!, 'lan_discover');
    expect((await peersOf(sameHome.socket)).peers.map((listed) => listed.id)).toEqual([host.id]);
    const neighbour = await peer(NEIGHBOUR!, 'lan_discover');
    expect((await peersOf(neighbour.socket)).peers).toEqual([]);
    const refused = await new Promise((resolve) =>
      neighbour.socket.emit('lan:peer:connect', { peerId: host.id }, resolve),
    );
    expect(refused).toMatchObject({ ok: false, code: 'NOT_LOCAL_NETWORK' });
  });

  test('the LAN desktop over HTTP follows the caller’s address too', async () => {
    const desktopFrom = (localAddress: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL('/api/virtual-desktop/lan-data', baseUrl);
        const request = get({ host: url.hostname, port: url.port, path: url.pathname, localAddress }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve((JSON.parse(body) as { desktopId: string }).desktopId));
        });
        request.on('error', reject);
      });
    const home = await desktopFrom(HOME!);
    expect(await desktopFrom(HOME!)).toBe(home);
    expect(await desktopFrom(NEIGHBOUR!)).not.toBe(home);
  });
});
