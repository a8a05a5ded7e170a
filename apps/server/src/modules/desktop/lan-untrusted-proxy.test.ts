import type { LanErrorPayload } from '@clipsync/shared';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { emitAck, listOf, type AckResult } from '../../../test/lan-sockets';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';
import { NO_NETWORK_MESSAGE } from './desktop-access';

const SEED_TIMEOUT_MS = 120_000;

/**
 * A caller reaching the server through a proxy TRUST_PROXY does not name is grouped with no one: every
 * visitor of that proxy would share its address. These tests' loopback client plays that proxy.
 */
describe('address grouping behind an unconfigured proxy', () => {
  const sockets = socketPool();
  afterAll(() => sockets.closeAll());

  const peer = async (baseUrl: string, headers: Record<string, string> = {}) => {
    const socket = await sockets.connect(baseUrl, { headers, query: { type: 'lan_discover' } });
    return { socket, id: (await listOf(socket)).selfId };
  };
  const peersOf = async (socket: TestSocket) => (await listOf(socket)).peers.map((listed) => listed.id);
  const announce = (socket: TestSocket) =>
    emitAck(socket, 'lan:host:announce', {
      name: 'Host',
      desktop: { desktopId: 'd', items: [], lastUpdated: new Date().toISOString() },
    });

  describe('without TRUST_PROXY', () => {
    let testApp: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
      baseUrl = await testApp.listen();
    }, SEED_TIMEOUT_MS);
    afterAll(() => testApp.close());

    test.each([
      ['x-forwarded-for', '203.0.113.7'],
      ['forwarded', 'for=203.0.113.7'],
      ['x-real-ip', '203.0.113.7'],
      ['cf-connecting-ip', '203.0.113.7'],
      ['via', '1.1 proxy.example'],
    ])('a request carrying %s gets no network desktop: 403 NOT_LOCAL_NETWORK saying why', async (name, value) => {
      for (const url of ['/api/virtual-desktop', '/api/virtual-desktop/lan-data']) {
        const response = await testApp.as(null).inject('GET', url, undefined, { [name]: value });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: NO_NETWORK_MESSAGE, code: 'NOT_LOCAL_NETWORK' });
      }
      const adding = await testApp
        .as(null)
        .inject(
          'POST',
          '/api/virtual-desktop/items/text',
          { content: 'x', position: { x: 0, y: 0 } },
          { [name]: value },
        );
      expect(adding.statusCode).toBe(403);
    });

    test('the same machine without forwarding headers keeps its network desktop, and a signed-in caller its own', async () => {
      expect((await testApp.as(null).get('/api/virtual-desktop')).statusCode).toBe(200);
      const owner = await testApp.factory.user();
      const own = await testApp.as(owner).inject('GET', '/api/virtual-desktop', undefined, {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(own.statusCode).toBe(200);
    });

    test('a LAN socket carrying forwarding headers is told so, sees no host, and no one sees it', async () => {
      const host = await peer(baseUrl);
      expect(await announce(host.socket)).toEqual({ ok: true });
      // Told on connecting, in the frame after the handshake's: listened for before the socket connects.
      const socket: TestSocket = io(baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        query: { type: 'lan_discover' },
        extraHeaders: { 'x-forwarded-for': '203.0.113.7' },
      });
      const told = await nextEvent(socket, 'lan:error');
      expect(told).toEqual<LanErrorPayload>({ code: 'NOT_LOCAL_NETWORK', message: NO_NETWORK_MESSAGE });
      expect(await peersOf(socket)).toEqual([]);
      const connecting = await new Promise<AckResult>((resolve) =>
        socket.emit('lan:peer:connect', { peerId: host.id }, resolve),
      );
      expect(connecting).toMatchObject({ ok: false, code: 'NOT_LOCAL_NETWORK' });

      // Seen by no one, it may not host either (its desktop would only take the server's room); and two of
      // them, behind the same proxy, are not grouped with each other.
      expect(await announce(socket)).toMatchObject({ ok: false, code: 'NOT_LOCAL_NETWORK', error: NO_NETWORK_MESSAGE });
      const other = await peer(baseUrl, { 'x-forwarded-for': '203.0.113.7' });
      expect(await peersOf(socket)).toEqual([]);
      expect(await peersOf(other.socket)).toEqual([]);
      expect(await peersOf(host.socket)).toEqual([]);
      socket.close();
    });
  });

  describe('with TRUST_PROXY naming another proxy', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '10.9.9.9' });
    }, SEED_TIMEOUT_MS);
    afterAll(() => testApp.close());

    test('a peer it does not name that forwards for someone is grouped with no one', async () => {
      const response = await testApp
        .as(null)
        .inject('GET', '/api/virtual-desktop', undefined, { 'x-forwarded-for': '203.0.113.7' });
      expect(response.statusCode).toBe(403);
      expect((await testApp.as(null).get('/api/virtual-desktop')).statusCode).toBe(200);
    });
  });

  describe('with TRUST_PROXY naming this proxy', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '127.0.0.1' });
    }, SEED_TIMEOUT_MS);
    afterAll(() => testApp.close());

    test('its client is grouped by address, unless that client is itself a proxy forwarding for others', async () => {
      const viaTrusted = (forwardedFor: string) =>
        testApp.as(null).inject('GET', '/api/virtual-desktop', undefined, { 'x-forwarded-for': forwardedFor });
      expect((await viaTrusted('203.0.113.7')).statusCode).toBe(200);
      expect((await viaTrusted('198.51.100.1, 203.0.113.7')).statusCode).toBe(403);
    });
  });
});
