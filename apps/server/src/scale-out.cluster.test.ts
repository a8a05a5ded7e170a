import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Clip, LanPeersList, SocketAck } from '@clipsync/shared';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { type TestUser } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { NODE_HEADER, startNodeProxy, type NodeProxy } from '../test/node-proxy';
import { startOwnRedis, type OwnService } from '../test/own-services';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { nextEvent, socketPool, type TestSocket } from '../test/socket-client';
import { createTestDatabase } from '../test/test-database';

type Node = 'a' | 'b';
type AckResult = Parameters<SocketAck>[0];
const desktop = (label: string) => ({ desktopId: label, items: [], lastUpdated: new Date().toISOString() });

/**
 * The scale-out mode (docs/deployment.md#runtime-modes-and-scale-out) end to end: two nodes on one PostgreSQL database,
 * one Redis and one S3 bucket (the last two this file's own, started here: no other file's nodes share its channels),
 * behind a proxy that passes X-Forwarded-For (TRUST_PROXY names it). Every step goes through the proxy, and the test
 * names the node, as a sticky proxy would pick one per client. The `server-cluster` leg runs it when
 * TEST_DATABASE_URL and TEST_REDIS_URL are both set (CI sets them).
 */
describe('two nodes behind a proxy', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodes: Record<Node, TestApp>;
  let proxy: NodeProxy;
  let s3: TestS3Server;
  let redis: OwnService;
  const sockets = socketPool();
  const received: Record<Node, number> = { a: 0, b: 0 };
  const misrouted: string[] = [];

  const contentOf = async (response: Response) => ((await response.json()) as { content: string }).content;
  const call = (node: Node, method: string, path: string, user?: TestUser, body?: object) =>
    fetch(`${proxy.url}${path}`, {
      method,
      headers: {
        [NODE_HEADER]: node,
        ...(user ? { authorization: `Bearer ${user.tokens.access_token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const socketOn = (node: Node, options: { user?: TestUser; address?: string; query?: Record<string, string> } = {}) =>
    sockets.connect(proxy.url, {
      ...(options.user ? { token: options.user.tokens.access_token } : {}),
      headers: { [NODE_HEADER]: node, ...(options.address ? { 'x-forwarded-for': options.address } : {}) },
      ...(options.query ? { query: options.query } : {}),
    });
  const ack = (socket: TestSocket, event: string, payload: object) =>
    new Promise<AckResult>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));

  beforeAll(async () => {
    // Empty: the first node migrates it (every other test database is a copy of a migrated one).
    database = await createTestDatabase({ empty: true });
    [s3, redis] = await Promise.all([startS3Server(), startOwnRedis()]);
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    // One after the other: the second finds the migrations applied, as a node joining a deployment does.
    nodes = { a: await buildTestApp(env), b: await buildTestApp(env) };
    proxy = await startNodeProxy({ a: await nodes.a.listen(), b: await nodes.b.listen() });
    // Proof that each step ran where the test says: every request and upgrade a node receives is counted.
    for (const name of ['a', 'b'] as const) {
      const arrived = (request: IncomingMessage) => {
        received[name] += 1;
        if (request.headers[NODE_HEADER] !== name) misrouted.push(`${request.url} reached node ${name}`);
      };
      nodes[name].app.server.on('request', arrived).on('upgrade', arrived);
    }
    // Each node's adapter subscribes to Redis as it starts: wait until each hears the other.
    const serverCounts = () =>
      Promise.all([nodes.a, nodes.b].map((node) => node.context.realtime.io.of('/').adapter.serverCount()));
    const deadline = Date.now() + 10_000;
    while ((await serverCounts()).some((count) => count < 2)) {
      if (Date.now() > deadline) throw new Error('the two nodes did not hear each other through Redis');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterEach(() => expect(misrouted).toEqual([]));
  afterAll(async () => {
    sockets.closeAll();
    await proxy?.close();
    await Promise.all([nodes?.a.close(), nodes?.b.close()]);
    await database?.drop();
    await Promise.all([s3?.close(), redis?.destroy()]);
  });

  test('a clip saved through node A reaches a viewer on node B, and B then serves the new text', async () => {
    const owner = await nodes.a.factory.user();
    const clip = await nodes.a.factory.clip({ owner, content: 'first draft' });
    const receivedBefore = { ...received };
    expect(await contentOf(await call('b', 'GET', `/api/clipboard/${clip.id}`))).toBe('first draft');
    const viewer = await socketOn('b');
    expect(received).toEqual({ a: receivedBefore.a, b: receivedBefore.b + 2 });
    expect(await ack(viewer, 'clip:join', { clipId: clip.id })).toEqual({ ok: true });

    const update = nextEvent(viewer, 'clip-content-updated');
    const saved = await call('a', 'PUT', `/api/clipboard/${clip.id}`, owner, { content: 'second draft' });

    expect(saved.status).toBe(200);
    expect(await update).toMatchObject({ clipId: clip.id, content: 'second draft' });
    expect(await contentOf(await call('b', 'GET', `/api/clipboard/${clip.id}`))).toBe('second draft');
  });

  test('a file uploaded through node A downloads through node B, byte for byte, from the shared bucket', async () => {
    const owner = await nodes.a.factory.user();
    const clip = await nodes.a.factory.clip({ owner, content: 'with a file' });
    const content = randomBytes(3_000_000);
    const body = multipartFile('file', 'plans.bin', 'application/octet-stream', content);
    const uploaded = await fetch(`${proxy.url}/api/clipboard/${clip.id}/files`, {
      method: 'POST',
      headers: { [NODE_HEADER]: 'a', authorization: `Bearer ${owner.tokens.access_token}`, ...body.headers },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);

    const listed = (await (await call('b', 'GET', `/api/clipboard/${clip.id}`)).json()) as Clip;
    const downloaded = await call('b', 'GET', new URL(listed.files[0]?.url ?? '', proxy.url).pathname);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    expect((await s3.contents()).objects).toHaveLength(1);
  });

  test("a room member on node B sees the owner's change made through node A, live and on reload", async () => {
    const owner = await nodes.a.factory.user();
    const member = await nodes.a.factory.user();
    const created = await call('a', 'POST', '/api/rooms', owner, { name: 'Launch', isPrivate: true });
    expect(created.status).toBe(201);
    const roomId = ((await created.json()) as { id: string }).id;
    await nodes.a.factory.roomMember({ by: owner, roomId: roomId, member });
    // Node B remembers the member's view of the room: the change on A must still show.
    const before = (await (await call('b', 'GET', `/api/rooms/${roomId}`, member)).json()) as { contentTotal: number };
    expect(before.contentTotal).toBe(0);
    const memberSocket = await socketOn('b', { user: member });
    expect(await ack(memberSocket, 'room:join', { roomId })).toEqual({ ok: true });

    const changed = nextEvent(memberSocket, 'room:changed');
    const added = await call('a', 'POST', `/api/rooms/${roomId}/content`, owner, { content: 'Agenda for Monday' });

    expect(added.status).toBe(201);
    expect(await changed).toMatchObject({ roomId, type: 'content_add', actorId: owner.id });
    const after = (await (await call('b', 'GET', `/api/rooms/${roomId}`, member)).json()) as {
      content: Array<{ content: string }>;
    };
    expect(after.content.map((item) => item.content)).toEqual(['Agenda for Monday']);
  });

  test('a LAN peer on node B discovers a host on node A of the same network, by the address the proxy passed', async () => {
    // A network of its own each run (198.18.0.0/15 is for tests): Redis outlives a run, and a peer that
    // left with its node is listed until its entry expires.
    const network = randomInt(256);
    const home = `198.18.${network}.40`;
    const host = await socketOn('a', { address: home, query: { type: 'lan_host' } });
    const hostList = nextEvent(host, 'lan:peers:list');
    host.emit('lan:discover:request_peers', {});
    const hostId = ((await hostList) as LanPeersList).selfId;
    expect(await ack(host, 'lan:host:announce', { name: 'Den PC', desktop: desktop('den') })).toEqual({ ok: true });

    const peersSeenFrom = async (address: string) => {
      const viewer = await socketOn('b', { address, query: { type: 'lan_discover' } });
      const list = nextEvent(viewer, 'lan:peers:list');
      viewer.emit('lan:discover:request_peers', {});
      return (await list).peers.map((peer) => peer.id);
    };
    expect(await peersSeenFrom(home)).toEqual([hostId]);
    expect(await peersSeenFrom(`198.19.${network}.40`)).toEqual([]);
  });

  test('a clip taken down through node A answers 410 on node B at once, and its viewer on B is told', async () => {
    const [owner, admin] = [await nodes.a.factory.user(), await nodes.a.factory.user({ role: 'admin' })];
    const clip = await nodes.a.factory.clip({ owner, content: 'reported' });
    expect((await call('b', 'GET', `/api/clipboard/${clip.id}`)).status).toBe(200);
    const viewer = await socketOn('b');
    expect(await ack(viewer, 'clip:join', { clipId: clip.id })).toEqual({ ok: true });
    const told = nextEvent(viewer, 'item:taken-down');

    const takenDown = await call('a', 'POST', `/api/admin/reports/clip/${clip.id}/takedown`, admin, { reason: 'spam' });

    expect(takenDown.status).toBe(204);
    expect((await call('b', 'GET', `/api/clipboard/${clip.id}`)).status).toBe(410);
    expect(await told).toMatchObject({ kind: 'clip', id: clip.id });
  });

  test('an account disabled through node A: its clip, room and shared desktop answer 410 on node B at once, though B had them in memory', async () => {
    const [owner, member, admin] = [
      await nodes.a.factory.user(),
      await nodes.a.factory.user(),
      await nodes.a.factory.user({ role: 'admin' }),
    ];
    const clip = await nodes.a.factory.clip({ owner, content: 'shared by someone who left' });
    const room = await nodes.a.factory.room({ owner, name: 'Left behind' });
    await nodes.a.factory.roomMember({ by: owner, roomId: room.id, member });
    await nodes.a.factory.desktop({ owner });
    const { shareToken } = (await (await call('a', 'POST', '/api/virtual-desktop/share', owner)).json()) as {
      shareToken: string;
    };
    const reads = [
      () => call('b', 'GET', `/api/clipboard/${clip.id}`),
      () => call('b', 'GET', `/api/rooms/${room.id}`, member),
      () => call('b', 'GET', `/api/virtual-desktop/shared/${shareToken}`),
    ];
    // Each read twice on node B: whatever B keeps in memory of them, it keeps now.
    for (const read of [...reads, ...reads]) expect((await read()).status).toBe(200);

    expect((await call('a', 'PUT', `/api/admin/users/${owner.id}/disabled`, admin)).status).toBe(200);

    for (const read of reads) expect((await read()).status).toBe(410);
  });

  test("a room and a shared desktop taken down through node A: their open pages on node B are told, and the owner's answer on B names the takedown", async () => {
    const [owner, member, admin] = [
      await nodes.a.factory.user(),
      await nodes.a.factory.user(),
      await nodes.a.factory.user({ role: 'admin' }),
    ];
    const room = await nodes.a.factory.room({ owner, name: 'Reported room' });
    await nodes.a.factory.roomMember({ by: owner, roomId: room.id, member });
    // The owner's detail is remembered on node B before the takedown.
    expect((await call('b', 'GET', `/api/rooms/${room.id}`, owner)).status).toBe(200);
    const memberSocket = await socketOn('b', { user: member });
    expect(await ack(memberSocket, 'room:join', { roomId: room.id })).toEqual({ ok: true });
    const memberTold = nextEvent(memberSocket, 'item:taken-down');

    const desktopRow = await nodes.a.factory.desktop({ owner });
    const shared = await call('a', 'POST', '/api/virtual-desktop/share', owner);
    const { shareToken } = (await shared.json()) as { shareToken: string };
    expect((await call('b', 'GET', '/api/virtual-desktop', owner)).status).toBe(200);
    const viewer = await socketOn('b');
    expect(await ack(viewer, 'join:desktop:network', { networkId: desktopRow.id, desktopId: shareToken })).toEqual({
      ok: true,
    });
    const viewerTold = nextEvent(viewer, 'item:taken-down');
    // A signed-out visitor on node B holding the room's link (its sign-in page) is told as well.
    const linked = await call('a', 'POST', `/api/rooms/${room.id}/share-token`, owner);
    const { shareToken: roomToken } = (await linked.json()) as { shareToken: string };
    const visitor = await socketOn('b');
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: roomToken })).toEqual({ ok: true });
    const visitorTold = nextEvent(visitor, 'item:taken-down');

    const takeDown = (kind: string, id: string) =>
      call('a', 'POST', `/api/admin/reports/${kind}/${id}/takedown`, admin, { reason: 'spam' });
    expect((await takeDown('room', room.id)).status).toBe(204);
    expect((await takeDown('desktop', desktopRow.id)).status).toBe(204);

    expect(await memberTold).toMatchObject({ kind: 'room', id: room.id });
    expect(await viewerTold).toMatchObject({ kind: 'desktop', id: desktopRow.id });
    expect(await visitorTold).toMatchObject({ kind: 'room', id: room.id });
    const ownerRoom = (await (await call('b', 'GET', `/api/rooms/${room.id}`, owner)).json()) as { takedown?: object };
    expect(ownerRoom.takedown).toMatchObject({ reason: 'spam' });
    const ownerDesktop = (await (await call('b', 'GET', '/api/virtual-desktop', owner)).json()) as {
      takedown?: object;
    };
    expect(ownerDesktop.takedown).toMatchObject({ reason: 'spam' });
  });

  test('a session signed out through node A stops on node B at once: its requests and its socket', async () => {
    const user = await nodes.a.factory.user();
    // Node B has seen the session live (and remembers so) before it ends.
    expect((await call('b', 'GET', '/api/auth/me', user)).status).toBe(200);
    const socket = await socketOn('b', { user });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect((await call('a', 'POST', '/api/auth/logout', user)).status).toBe(200);

    expect(await disconnected).toBe('io server disconnect');
    await expect.poll(async () => (await call('b', 'GET', '/api/auth/me', user)).status, { timeout: 2000 }).toBe(401);
  });
  test("a device's socket on node B is online for its account on node A, and offline once it closes", async () => {
    const user = await nodes.a.factory.user();
    const phone = { ...user, tokens: await nodes.a.factory.session(user) };
    const registered = await call('a', 'POST', '/api/devices', phone, { name: 'Safari on iOS', kind: 'browser' });
    expect(registered.status).toBe(201);
    const { id: deviceId } = (await registered.json()) as { id: string };
    const listening = await socketOn('a', { user });
    const presence = () =>
      new Promise<{ online: boolean }>((resolve) =>
        listening.on('device:presence', (payload) => payload.deviceId === deviceId && resolve(payload)),
      );
    const onlineOf = async () => {
      const { devices } = (await (await call('a', 'GET', '/api/devices', user)).json()) as {
        devices: Array<{ id: string; online: boolean }>;
      };
      return devices.find(({ id }) => id === deviceId)?.online;
    };

    const cameOnline = presence();
    const phoneSocket = await socketOn('b', { user: phone });
    expect((await cameOnline).online).toBe(true);
    expect(await onlineOf()).toBe(true);

    const wentOffline = presence();
    phoneSocket.close();
    expect((await wentOffline).online).toBe(false);
    expect(await onlineOf()).toBe(false);
  });
});
