import { networkInterfaces } from 'node:os';
import type { LanPeersList } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientIn, lanNetworks, startServerIn, type NamespaceClient } from '../../../test/lan-namespaces';

/**
 * Runs when TEST_LAN_NAMESPACES is set (CI, as root: scripts/test-services.sh makes a network namespace for
 * the server and one for each of two public networks, "home" and "neighbour"). The server runs in its own
 * namespace and each network's devices in theirs, so the server sees two real networks from the sockets
 * themselves: no header, no proxy, nothing trusted, and no address on this machine's own interfaces.
 */
const networks = lanNetworks();
const START_TIMEOUT_MS = 120_000;

describe('LAN grouping by the socket’s own address', () => {
  let server: Awaited<ReturnType<typeof startServerIn>> | undefined;
  let baseUrl: string;
  let home: NamespaceClient;
  let neighbour: NamespaceClient;
  const peersOf = (client: NamespaceClient, socket: number) =>
    client.ask<LanPeersList>(socket, 'lan:discover:request_peers', {}, 'lan:peers:list');
  const peer = async (client: NamespaceClient, type: 'lan_host' | 'lan_discover') => {
    const socket = await client.connect(baseUrl, { type });
    return { socket, id: (await peersOf(client, socket)).selfId };
  };

  beforeAll(async () => {
    home = clientIn(networks.home);
    neighbour = clientIn(networks.neighbour);
    server = await startServerIn(networks.server);
    baseUrl = server.baseUrl;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([home?.close(), neighbour?.close()]);
    await server?.stop();
  });

  test('the networks’ addresses are in their namespaces only, never on this machine’s own interfaces', () => {
    const ownAddresses = Object.values(networkInterfaces()).flatMap((addresses) =>
      (addresses ?? []).map((interfaceAddress) => interfaceAddress.address),
    );
    for (const network of Object.values(networks)) expect(ownAddresses).not.toContain(network.address);
  });

  test('two devices of one address find each other; a device of another address finds neither', async () => {
    const host = await peer(home, 'lan_host');
    const announced = await home.emit(host.socket, 'lan:host:announce', {
      name: 'Home PC',
      desktop: { desktopId: 'home', items: [], lastUpdated: new Date().toISOString() },
    });
    expect(announced).toEqual({ ok: true });
    const sameHome = await peer(home, 'lan_discover');
    expect((await peersOf(home, sameHome.socket)).peers.map((listed) => listed.id)).toEqual([host.id]);
    const other = await peer(neighbour, 'lan_discover');
    expect((await peersOf(neighbour, other.socket)).peers).toEqual([]);
    const refused = await neighbour.emit(other.socket, 'lan:peer:connect', { peerId: host.id });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_LOCAL_NETWORK' });
  });

  test('the LAN desktop over HTTP follows the caller’s address too', async () => {
    const desktopFrom = async (client: NamespaceClient) => {
      const answer = await client.get(new URL('/api/virtual-desktop/lan-data', baseUrl).href);
      expect(answer.status).toBe(200);
      // The request left from the network's own address, inside its namespace.
      expect(answer.localAddress).toBe(client.network.address);
      return (JSON.parse(answer.body) as { desktopId: string }).desktopId;
    };
    const atHome = await desktopFrom(home);
    expect(await desktopFrom(home)).toBe(atHome);
    expect(await desktopFrom(neighbour)).not.toBe(atHome);
  });
});
