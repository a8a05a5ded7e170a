import type { LanDesktopData, LanPeersList, SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { socketPool, type TestSocket } from '../../../test/socket-client';
import { SERVER_FULL_MESSAGE } from './lan.socket';

type AckResult = Parameters<SocketAck>[0];
const desktopData = (label: string, text = ''): LanDesktopData => ({
  desktopId: `desktop-${label}`,
  items: text
    ? [
        {
          id: `item-${label}`,
          type: 'text',
          content: text,
          position: { x: 0, y: 0 },
          size: { width: 200, height: 150 },
          file_name: null,
          file_size: null,
          file_type: null,
          file_url: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      ]
    : [],
  lastUpdated: new Date().toISOString(),
});

describe('LAN sharing across all networks is bounded', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  /** A host on its own network (the loopback client plays the proxy, X-Forwarded-For names the network). */
  const hostOn = async (address: string) => {
    const socket = await sockets.connect(baseUrl, {
      headers: { 'x-forwarded-for': address },
      query: { type: 'lan_host' },
    });
    await new Promise<LanPeersList>((resolve) => {
      socket.emit('lan:discover:request_peers', {});
      socket.once('lan:peers:list', resolve);
    });
    return socket;
  };
  const emitAck = (socket: TestSocket, event: 'lan:host:announce' | 'lan:host:update', payload: unknown) =>
    new Promise<AckResult>((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));

  beforeAll(async () => {
    testApp = await buildTestApp({
      RATE_LIMIT_PER_MINUTE: '100000',
      TRUST_PROXY: '127.0.0.1',
      LAN_HOSTS_MAX: '2',
      LAN_HOSTED_BYTES_MAX: '20000',
    });
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  const refusal = { ok: false, code: 'RATE_LIMITED', error: SERVER_FULL_MESSAGE };

  test('hosts of different networks together: past LAN_HOSTS_MAX the next is refused, saying why', async () => {
    const first = await hostOn('203.0.113.1');
    expect(await emitAck(first, 'lan:host:announce', { desktop: desktopData('one') })).toEqual({ ok: true });
    const second = await hostOn('198.51.100.2');
    expect(await emitAck(second, 'lan:host:announce', { desktop: desktopData('two') })).toEqual({ ok: true });
    const third = await hostOn('2001:db8:3:3::3');
    expect(await emitAck(third, 'lan:host:announce', { desktop: desktopData('three') })).toEqual(refusal);
    first.close();
    second.close();
  });

  test('the bytes of all hosted desktops together: an update past LAN_HOSTED_BYTES_MAX is refused', async () => {
    const host = await hostOn('203.0.113.10');
    // The hosts of the test before leave as their sockets' disconnects reach the server.
    await vi.waitFor(
      async () =>
        expect(await emitAck(host, 'lan:host:announce', { desktop: desktopData('small', 'x'.repeat(1000)) })).toEqual({
          ok: true,
        }),
      { timeout: 10_000, interval: 50 },
    );
    expect(await emitAck(host, 'lan:host:update', { desktop: desktopData('big', 'x'.repeat(30_000)) })).toEqual(
      refusal,
    );
    expect(await emitAck(host, 'lan:host:update', { desktop: desktopData('fits', 'x'.repeat(5000)) })).toEqual({
      ok: true,
    });
    host.close();
  });
});
