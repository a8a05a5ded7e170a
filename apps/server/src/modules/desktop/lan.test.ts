import type { LanDataResponse, LanDesktopData } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { emitAck, listOf, settle, useLanTestApp } from '../../../test/lan-sockets';
import { nextEvent, type TestSocket } from '../../../test/socket-client';
import { LAN_HOSTS_PER_NETWORK } from './lan-registry';
import { TOO_MANY_HOSTS_MESSAGE } from './lan.socket';

/** The test's loopback client plays the proxy (TRUST_PROXY=127.0.0.1), so X-Forwarded-For names the household. */
const HOME = '203.0.113.7';
const HOME_V6_A = '2001:db8:1:2::a';
const HOME_V6_B = '2001:db8:1:2:ffff::b';
const NEIGHBOUR = '198.51.100.20';

const desktopData = (label: string): LanDesktopData => ({
  desktopId: `desktop-${label}`,
  items: [],
  lastUpdated: new Date().toISOString(),
});

describe('LAN discovery and relay over Socket.IO', () => {
  const lan = useLanTestApp();
  const { sockets } = lan;
  /** A LAN peer from an address; resolves with its socket and the first peer list the server sent it. */
  const peer = async (address: string, type: 'lan_host' | 'lan_discover', query: Record<string, string> = {}) => {
    const socket = await sockets.connect(lan.baseUrl, {
      headers: { 'x-forwarded-for': address },
      query: { type, ...query },
    });
    return { socket, id: (await listOf(socket)).selfId };
  };
  const peersOf = async (socket: TestSocket) => (await listOf(socket)).peers.map((listed) => listed.id);

  test('peers see the hosts of their own network only, under ids the server issued', async () => {
    const host = await peer(HOME, 'lan_host', { peerId: 'chosen-by-client' });
    expect(host.id).not.toBe('chosen-by-client');
    const [sameHouse, neighbour] = [await peer(HOME, 'lan_discover'), await peer(NEIGHBOUR, 'lan_discover')];
    const announced = nextEvent(sameHouse.socket, 'lan:peer:announce');
    expect(
      await emitAck(host.socket, 'lan:host:announce', { name: 'Kitchen laptop', desktop: desktopData('a') }),
    ).toEqual({
      ok: true,
    });
    expect((await announced).peer).toEqual({ id: host.id, name: 'Kitchen laptop', ip: null, port: null, isHost: true });
    expect(await peersOf(sameHouse.socket)).toEqual([host.id]);
    expect(await peersOf(neighbour.socket)).toEqual([]);
    expect(await peersOf(host.socket)).toEqual([]);
  });

  test('IPv6 devices of one /64 are one network; another /64 is not', async () => {
    const host = await peer(HOME_V6_A, 'lan_host');
    await emitAck(host.socket, 'lan:host:announce', { desktop: desktopData('v6') });
    expect(await peersOf((await peer(HOME_V6_B, 'lan_discover')).socket)).toContain(host.id);
    expect(await peersOf((await peer('2001:db8:1:3::a', 'lan_discover')).socket)).not.toContain(host.id);
  });

  test('a host’s desktop goes to peers of its network that connect, and its updates follow; others get NOT_LOCAL_NETWORK', async () => {
    const host = await peer(HOME, 'lan_host');
    await emitAck(host.socket, 'lan:host:announce', { desktop: desktopData('first') });
    const [viewer, neighbour] = [await peer(HOME, 'lan_discover'), await peer(NEIGHBOUR, 'lan_discover')];

    const data = nextEvent(viewer.socket, 'lan:peer:desktop_data');
    expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: host.id })).toEqual({ ok: true });
    expect((await data).desktop.desktopId).toBe('desktop-first');

    const error = nextEvent(neighbour.socket, 'lan:error');
    expect(await emitAck(neighbour.socket, 'lan:peer:connect', { peerId: host.id })).toMatchObject({
      ok: false,
      code: 'NOT_LOCAL_NETWORK',
    });
    expect((await error).code).toBe('NOT_LOCAL_NETWORK');
    expect(await emitAck(neighbour.socket, 'lan:peer:connect', { peerId: 'no-such-peer' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });

    const neighbourHeard: unknown[] = [];
    neighbour.socket.on('lan:desktop:update', (payload) => neighbourHeard.push(payload));
    const update = nextEvent(viewer.socket, 'lan:desktop:update');
    expect(await emitAck(host.socket, 'lan:host:update', { desktop: desktopData('second') })).toEqual({ ok: true });
    expect(await update).toMatchObject({ peerId: host.id, desktop: { desktopId: 'desktop-second' } });
    await settle();
    expect(neighbourHeard).toEqual([]);

    // A peer that never announced cannot push desktop data at anyone.
    expect(await emitAck(viewer.socket, 'lan:host:update', { desktop: desktopData('x') })).toMatchObject({ ok: false });
    expect(await emitAck(viewer.socket, 'lan:host:announce', { desktop: { desktopId: 1 } })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });

    const gone = nextEvent(viewer.socket, 'lan:peer:disconnect');
    host.socket.close();
    expect(await gone).toEqual({ peerId: host.id });
    expect(await peersOf(viewer.socket)).not.toContain(host.id);
  });

  test('a device that has not announced is no host: it is not listed and nobody can fetch its desktop', async () => {
    const address = '203.0.113.60';
    // Connected as lan_host, as the web app's LAN socket does, but its user has not pressed Share yet.
    const quiet = await peer(address, 'lan_host');
    const viewer = await peer(address, 'lan_discover');
    expect(await peersOf(viewer.socket)).not.toContain(quiet.id);
    const sent: unknown[] = [];
    viewer.socket.on('lan:peer:desktop_data', (payload) => sent.push(payload));
    const error = nextEvent(viewer.socket, 'lan:error');
    expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: quiet.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect((await error).code).toBe('NOT_FOUND');
    expect(await emitAck(quiet.socket, 'lan:host:update', { desktop: desktopData('unasked') })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: quiet.id })).toMatchObject({ ok: false });
    await settle();
    expect(sent).toEqual([]);
  });

  test('a host that stops sharing is listed no more, its viewers are told at once, and its desktop stops', async () => {
    const address = '203.0.113.61';
    const host = await peer(address, 'lan_host');
    await emitAck(host.socket, 'lan:host:announce', { name: 'Desk', desktop: desktopData('stopping') });
    const [viewer, bystander] = [await peer(address, 'lan_discover'), await peer(address, 'lan_discover')];
    expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: host.id })).toEqual({ ok: true });

    const told = [nextEvent(viewer.socket, 'lan:host:stopped'), nextEvent(bystander.socket, 'lan:host:stopped')];
    expect(await emitAck(host.socket, 'lan:host:stop', {})).toEqual({ ok: true });
    expect(await Promise.all(told)).toEqual([{ peerId: host.id }, { peerId: host.id }]);
    expect(await peersOf(viewer.socket)).not.toContain(host.id);
    const heard: unknown[] = [];
    viewer.socket.on('lan:desktop:update', (payload) => heard.push(payload));
    expect(await emitAck(host.socket, 'lan:host:update', { desktop: desktopData('after') })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitAck(bystander.socket, 'lan:peer:connect', { peerId: host.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    await settle();
    expect(heard).toEqual([]);

    // Sharing again is a new announce, and a viewer connects anew.
    expect(await emitAck(host.socket, 'lan:host:announce', { desktop: desktopData('again') })).toEqual({ ok: true });
    const data = nextEvent(viewer.socket, 'lan:peer:desktop_data');
    expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: host.id })).toEqual({ ok: true });
    expect((await data).desktop.desktopId).toBe('desktop-again');
  });

  test('a peer asking again for a host it follows is not sent the desktop again; the updates still come', async () => {
    const address = '203.0.113.80';
    const host = await peer(address, 'lan_host');
    await emitAck(host.socket, 'lan:host:announce', { desktop: desktopData('once') });
    const viewer = await peer(address, 'lan_discover');
    const sent: LanDesktopData[] = [];
    viewer.socket.on('lan:peer:desktop_data', ({ desktop }) => sent.push(desktop));
    for (let ask = 0; ask < 5; ask++) {
      expect(await emitAck(viewer.socket, 'lan:peer:connect', { peerId: host.id })).toEqual({ ok: true });
    }
    const update = nextEvent(viewer.socket, 'lan:desktop:update');
    await emitAck(host.socket, 'lan:host:update', { desktop: desktopData('changed') });
    expect((await update).desktop.desktopId).toBe('desktop-changed');
    expect(sent.map((desktop) => desktop.desktopId)).toEqual(['desktop-once']);
  });

  test(`a network has at most ${LAN_HOSTS_PER_NETWORK} hosts at once; the next is refused until one leaves`, async () => {
    const crowded = '203.0.113.90';
    const hosts = [];
    for (let index = 0; index < LAN_HOSTS_PER_NETWORK; index++) {
      const host = await peer(crowded, 'lan_host');
      expect(await emitAck(host.socket, 'lan:host:announce', { desktop: desktopData(`h${index}`) })).toEqual({
        ok: true,
      });
      hosts.push(host);
    }
    // A host already sharing may announce again (a new name or desktop).
    expect(await emitAck(hosts[0]!.socket, 'lan:host:announce', { desktop: desktopData('again') })).toEqual({
      ok: true,
    });

    const viewer = await peer(crowded, 'lan_discover');
    const announced: unknown[] = [];
    viewer.socket.on('lan:peer:announce', (payload) => announced.push(payload));
    const extra = await peer(crowded, 'lan_host');
    expect(await emitAck(extra.socket, 'lan:host:announce', { desktop: desktopData('extra') })).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      error: TOO_MANY_HOSTS_MESSAGE,
    });
    expect(await emitAck(extra.socket, 'lan:host:update', { desktop: desktopData('extra') })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await peersOf(viewer.socket)).toHaveLength(LAN_HOSTS_PER_NETWORK);
    expect(await peersOf(viewer.socket)).not.toContain(extra.id);

    const elsewhere = await peer('203.0.113.91', 'lan_host');
    expect(await emitAck(elsewhere.socket, 'lan:host:announce', { desktop: desktopData('other') })).toEqual({
      ok: true,
    });

    const gone = nextEvent(viewer.socket, 'lan:peer:disconnect');
    hosts[0]!.socket.close();
    await gone;
    expect(await emitAck(extra.socket, 'lan:host:announce', { desktop: desktopData('extra') })).toEqual({ ok: true });
    expect(announced).toEqual([{ peer: expect.objectContaining({ id: extra.id, isHost: true }) }]);
  });

  test('a desktop whose file links are anything but a desktop file’s address is refused, and nobody hears of it', async () => {
    const host = await peer(HOME, 'lan_host');
    const viewer = await peer(HOME, 'lan_discover');
    const file = {
      id: 'file-1',
      type: 'file',
      content: '',
      position: { x: 0, y: 0 },
      size: { width: 200, height: 100 },
      file_name: 'invoice.pdf',
      file_size: 1024,
      file_type: 'application/pdf',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    const announcing = (fileUrl: string) => ({
      name: 'Alice’s MacBook',
      desktop: { ...desktopData('links'), items: [{ ...file, file_url: fileUrl }] },
    });
    const fileId = 'abcdefghijklmnopqrstuv';
    const access = 'c3ViamVjdA.bWFjbWFjbWFj';
    const refused = [
      'https://evil.example/invoice.pdf.exe',
      '//evil.example/x',
      'javascript:alert(1)',
      // This server's own paths beyond the desktop's files: a room's join address would join the viewer.
      '/api/virtual-desktop/files/../../rooms/join/invite-token',
      `/api/virtual-desktop/files/${fileId}/../../../rooms/join/invite-token?access=${access}`,
      `/api/virtual-desktop/files/${fileId}/%2e%2e?access=${access}`,
      `/api/virtual-desktop/files/${fileId}/invoice.pdf?access=${access}&then=/rooms/join/invite-token`,
    ];
    for (const outside of refused) {
      expect(await emitAck(host.socket, 'lan:host:announce', announcing(outside)), outside).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await peersOf(viewer.socket)).not.toContain(host.id);
    const own = `/api/virtual-desktop/files/${fileId}/invoice.pdf?access=${access}`;
    expect(await emitAck(host.socket, 'lan:host:announce', announcing(own))).toEqual({ ok: true });
    expect(await peersOf(viewer.socket)).toContain(host.id);

    // A file this server keeps on the LAN desktop, even one named `..`, has an address peers accept.
    const uploaded = await lan.testApp.app.inject({
      method: 'PUT',
      url: '/api/virtual-desktop/items/file',
      payload: Buffer.from('dots'),
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': '..', 'x-forwarded-for': HOME },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const kept = uploaded.json<LanDesktopData['items'][number]>();
    expect(
      await emitAck(host.socket, 'lan:host:update', { desktop: { ...desktopData('links'), items: [kept] } }),
    ).toEqual({ ok: true });
    expect((await lan.testApp.app.inject({ method: 'GET', url: kept.file_url ?? '' })).body).toBe('dots');
  });

  test('GET /lan-data answers the caller’s network’s desktop, by fingerprint; another network’s is 403', async () => {
    const get = (address: string, query = '') =>
      lan.testApp.app.inject({
        method: 'GET',
        url: `/api/virtual-desktop/lan-data${query}`,
        headers: { 'x-forwarded-for': address },
      });
    const home = (await get(HOME)).json<LanDataResponse>();
    expect(home.security).toMatchObject({ scope: 'local-network' });
    expect(JSON.stringify(home)).not.toContain(HOME);
    const neighbour = (await get(NEIGHBOUR)).json<LanDataResponse>();
    expect(neighbour.security.networkFingerprint).not.toBe(home.security.networkFingerprint);
    expect((await get(HOME, `?desktopId=${home.desktopId}`)).statusCode).toBe(200);
    const refused = await get(NEIGHBOUR, `?desktopId=${home.desktopId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_LOCAL_NETWORK' });
  });
});
