import type { LanPeersList, SocketAck } from '@clipsync/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startOwnRedis, type OwnService } from '../../../test/own-services';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';
import { LAN_HOSTS_PER_NETWORK } from './lan-registry';
import { TOO_MANY_HOSTS_MESSAGE } from './lan.socket';

/**
 * Runs only when TEST_REDIS_URL is set (CI sets it): LAN peers on two nodes share one registry, in a Redis of this
 * file's own, so that no other file's nodes share its channels and the files run side by side.
 */
const HOME = '203.0.113.77';
const NEIGHBOUR = '198.51.100.77';
const desktop = (label: string) => ({ desktopId: label, items: [], lastUpdated: new Date().toISOString() });
type AckResult = Parameters<SocketAck>[0];

describe('LAN registry in Redis across two nodes', () => {
  let redis: OwnService;
  let nodeA: TestApp;
  let nodeB: TestApp;
  let urlA: string;
  let urlB: string;
  const sockets = socketPool();
  const peer = (baseUrl: string, address: string, type: 'lan_host' | 'lan_discover') =>
    sockets.connect(baseUrl, { headers: { 'x-forwarded-for': address }, query: { type } });
  const ack = (
    socket: TestSocket,
    event: 'lan:host:announce' | 'lan:host:update' | 'lan:host:stop' | 'lan:peer:connect',
    payload: object,
  ) => new Promise<AckResult>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));
  const peersOf = async (socket: TestSocket): Promise<LanPeersList> => {
    const list = nextEvent(socket, 'lan:peers:list');
    socket.emit('lan:discover:request_peers', {});
    return list;
  };

  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = { REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' };
    [nodeA, nodeB] = [await buildTestApp(env), await buildTestApp(env)];
    [urlA, urlB] = [await nodeA.listen(), await nodeB.listen()];
  });
  afterAll(async () => {
    sockets.closeAll();
    await Promise.all([nodeA?.close(), nodeB?.close()]);
    await redis?.destroy();
  });

  test('a peer on node B discovers and follows a host on node A of its network; a neighbour does not', async () => {
    const host = await peer(urlA, HOME, 'lan_host');
    const hostId = (await peersOf(host)).selfId;
    expect(await ack(host, 'lan:host:announce', { name: 'Den PC', desktop: desktop('first') })).toEqual({ ok: true });

    const viewer = await peer(urlB, HOME, 'lan_discover');
    expect((await peersOf(viewer)).peers.map((listed) => listed.id)).toEqual([hostId]);
    const neighbour = await peer(urlB, NEIGHBOUR, 'lan_discover');
    expect((await peersOf(neighbour)).peers).toEqual([]);
    expect(await ack(neighbour, 'lan:peer:connect', { peerId: hostId })).toMatchObject({ code: 'NOT_LOCAL_NETWORK' });

    const data = nextEvent(viewer, 'lan:peer:desktop_data');
    expect(await ack(viewer, 'lan:peer:connect', { peerId: hostId })).toEqual({ ok: true });
    expect((await data).desktop.desktopId).toBe('first');
    // The viewer's channel subscription reaches node A through Redis; repeat the update until it has.
    const update = nextEvent(viewer, 'lan:desktop:update');
    const timer = setInterval(() => void ack(host, 'lan:host:update', { desktop: desktop('second') }), 100);
    try {
      expect((await update).desktop.desktopId).toBe('second');
    } finally {
      clearInterval(timer);
    }

    host.close();
    await expect.poll(async () => (await peersOf(viewer)).peers).toEqual([]);
  });

  test('a host whose entry Redis lost (expired while unreachable, or an empty restart) is listed again by its next update', async () => {
    const host = await peer(urlA, HOME, 'lan_host');
    const hostId = (await peersOf(host)).selfId;
    expect(await ack(host, 'lan:host:announce', { name: 'Attic PC', desktop: desktop('before') })).toEqual({
      ok: true,
    });
    const viewer = await peer(urlB, HOME, 'lan_discover');
    expect((await peersOf(viewer)).peers.map((listed) => listed.id)).toEqual([hostId]);

    const client = new Redis(redis.url);
    try {
      await client.del(`clipsync:lan:v2:peer:${hostId}`, `clipsync:lan:v2:desktop:${hostId}`);
    } finally {
      client.disconnect();
    }
    expect((await peersOf(viewer)).peers).toEqual([]);

    const announced = nextEvent(viewer, 'lan:peer:announce');
    expect(await ack(host, 'lan:host:update', { desktop: desktop('after') })).toEqual({ ok: true });
    expect((await announced).peer).toMatchObject({ id: hostId, name: 'Attic PC', isHost: true });
    const data = nextEvent(viewer, 'lan:peer:desktop_data');
    expect(await ack(viewer, 'lan:peer:connect', { peerId: hostId })).toEqual({ ok: true });
    expect((await data).desktop.desktopId).toBe('after');
    host.close();
  });

  test('a host on node A that stops: its viewer on node B is told and hears no more; updates sent just before do not outlast the stop', async () => {
    const address = '203.0.113.79';
    const host = await peer(urlA, address, 'lan_host');
    const hostId = (await peersOf(host)).selfId;
    expect(await ack(host, 'lan:host:announce', { desktop: desktop('shared') })).toEqual({ ok: true });
    const viewer = await peer(urlB, address, 'lan_discover');
    const data = nextEvent(viewer, 'lan:peer:desktop_data');
    expect(await ack(viewer, 'lan:peer:connect', { peerId: hostId })).toEqual({ ok: true });
    await data;

    const stopped = nextEvent(viewer, 'lan:host:stopped');
    // Updates still on their way when the user stops: the stop comes last, and stays.
    const updates = [1, 2, 3].map((index) => ack(host, 'lan:host:update', { desktop: desktop(`late-${index}`) }));
    const stop = ack(host, 'lan:host:stop', {});
    await Promise.all(updates);
    expect(await stop).toEqual({ ok: true });
    expect(await stopped).toEqual({ peerId: hostId });
    expect((await peersOf(viewer)).peers).toEqual([]);
    const heard: unknown[] = [];
    viewer.on('lan:desktop:update', (payload) => heard.push(payload));
    expect(await ack(host, 'lan:host:update', { desktop: desktop('after') })).toMatchObject({ ok: false });
    expect(await ack(viewer, 'lan:peer:connect', { peerId: hostId })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    host.close();
  });

  test(`announces racing on two nodes give one network no more than ${LAN_HOSTS_PER_NETWORK} hosts`, async () => {
    const crowded = '203.0.113.78';
    const hosts = await Promise.all(
      Array.from({ length: LAN_HOSTS_PER_NETWORK + 8 }, (_, index) =>
        peer(index % 2 === 0 ? urlA : urlB, crowded, 'lan_host'),
      ),
    );
    await Promise.all(hosts.map((host) => peersOf(host)));
    const acks = await Promise.all(
      hosts.map((host, index) => ack(host, 'lan:host:announce', { desktop: desktop(`racer-${index}`) })),
    );
    expect(acks.filter((result) => result.ok)).toHaveLength(LAN_HOSTS_PER_NETWORK);
    expect(acks.filter((result) => !result.ok)).toEqual(
      Array(8).fill({ ok: false, code: 'RATE_LIMITED', error: TOO_MANY_HOSTS_MESSAGE }),
    );
    const viewer = await peer(urlB, crowded, 'lan_discover');
    expect((await peersOf(viewer)).peers).toHaveLength(LAN_HOSTS_PER_NETWORK);
    for (const host of hosts) host.close();
  });
});
