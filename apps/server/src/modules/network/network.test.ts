import type * as Os from 'node:os';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

const { interfaces } = vi.hoisted(() => ({
  interfaces: {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    docker0: [{ address: '172.17.0.1', family: 'IPv4', internal: false }],
    wlan0: [
      { address: '192.168.1.20', family: 'IPv4', internal: false },
      { address: 'fe80::1c2b:3dff:fe4e:5f60', family: 'IPv6', internal: false },
    ],
  },
}));
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof Os>()),
  networkInterfaces: () => interfaces,
}));

const shareOrigins = (app: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({ method: 'GET', url: '/api/network/share-origins', ...options });

describe('GET /api/network/share-origins', () => {
  let withoutPublicUrl: TestApp;
  let withPublicUrl: TestApp;
  beforeAll(async () => {
    withoutPublicUrl = await buildTestApp({ PUBLIC_URL: undefined, PORT: '3000' });
    withPublicUrl = await buildTestApp();
  });
  afterAll(async () => {
    await withoutPublicUrl.close();
    await withPublicUrl.close();
  });

  test('a browser on the machine itself, with no PUBLIC_URL, gets the LAN origins, home network first', async () => {
    const res = await shareOrigins(withoutPublicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ origins: ['http://192.168.1.20:3000', 'http://172.17.0.1:3000'] });
  });

  test('a caller on another machine learns nothing about the interfaces, whatever it forwards', async () => {
    const res = await shareOrigins(withoutPublicUrl, { remoteAddress: '192.168.1.9' });
    expect(res.json()).toEqual({ origins: [] });
    const spoofed = await shareOrigins(withoutPublicUrl, {
      remoteAddress: '192.168.1.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.json()).toEqual({ origins: [] });
  });

  test('with PUBLIC_URL set, share links need no LAN address: none is given', async () => {
    expect((await shareOrigins(withPublicUrl)).json()).toEqual({ origins: [] });
  });

  test('behind a trusted proxy on this machine, only a client that is itself local gets them', async () => {
    const proxied = await buildTestApp({ PUBLIC_URL: undefined, TRUST_PROXY: '127.0.0.1' });
    try {
      const remote = await shareOrigins(proxied, { headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(remote.json()).toEqual({ origins: [] });
      const local = await shareOrigins(proxied, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(local.json().origins).toHaveLength(2);
    } finally {
      await proxied.close();
    }
  });
});
