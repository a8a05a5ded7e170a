import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { multipartFile } from '../../test/multipart';
import { connectSocket } from '../../test/socket-client';
import { CROSS_SITE_WRITE_MESSAGE } from './request-origin-checks';

/**
 * A page of another site against a server on this machine or the LAN (plugins/request-origin-checks.ts):
 * by DNS rebinding it reaches the server under its own name; without it, it can still send a form.
 */
describe('requests by a name the server does not answer to, and writes from other sites', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ PUBLIC_URL: 'https://clips.example.com' });
  });
  afterAll(() => testApp.close());

  const fromLoopback = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Buffer) =>
    testApp.app.inject({ method, url, headers, remoteAddress: '127.0.0.1', ...(payload ? { payload } : {}) });

  test('a rebound name gets 421 with a clear message, even for the loopback-only outbox', async () => {
    for (const url of ['/api/dev/outbox', '/api/health', '/']) {
      const res = await fromLoopback('GET', url, { host: 'evil.example:3000' });
      expect(res.statusCode, url).toBe(421);
      expect(res.json()).toMatchObject({ code: 'MISDIRECTED_REQUEST', error: expect.stringContaining('PUBLIC_URL') });
    }
  });

  test('the outbox still answers this machine by its own names', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await fromLoopback('GET', '/api/dev/outbox', { host });
      expect(res.statusCode, host).toBe(200);
    }
  });

  test('PUBLIC_URL’s host and a LAN name are answered', async () => {
    for (const host of ['clips.example.com', 'raspberrypi.local:3000', 'nas:3000']) {
      expect((await fromLoopback('GET', '/api/health', { host })).statusCode, host).toBe(200);
    }
  });

  test('the share sheet’s post without a service worker is let through: it changes nothing', async () => {
    const body = multipartFile('files', 'photo.jpg', 'image/jpeg', Buffer.from('jpeg'));
    for (const origin of ['null', 'https://evil.example']) {
      const res = await fromLoopback(
        'POST',
        '/share-target',
        { ...body.headers, host: 'localhost:3000', origin },
        body.payload,
      );
      expect(res.statusCode, origin).toBe(303);
    }
    // Only that exact path: the same name under the API is still a cross-site write.
    const api = await fromLoopback('POST', '/api/share-target?x', { host: 'localhost:3000', origin: 'null' });
    expect(api.statusCode).toBe(403);
  });

  test('another site’s form cannot drop a file on the LAN desktop; the app’s own page can', async () => {
    const body = multipartFile('file', 'invoice.pdf.exe', 'application/octet-stream', Buffer.from('MZ'));
    const url = '/api/virtual-desktop/items/file';
    const host = 'localhost:3000';
    const foreign = await fromLoopback(
      'POST',
      url,
      { ...body.headers, host, origin: 'https://evil.example' },
      body.payload,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN', error: CROSS_SITE_WRITE_MESSAGE });
    const opaque = await fromLoopback('POST', url, { ...body.headers, host, origin: 'null' }, body.payload);
    expect(opaque.statusCode).toBe(403);

    const desktop = await fromLoopback('GET', '/api/virtual-desktop', { host });
    expect(desktop.json().items).toEqual([]);

    const own = await fromLoopback(
      'POST',
      url,
      { ...body.headers, host, origin: 'http://localhost:3000' },
      body.payload,
    );
    expect(own.statusCode).toBe(201);
    const withoutOrigin = await fromLoopback('POST', url, { ...body.headers, host }, body.payload);
    expect(withoutOrigin.statusCode).toBe(201);
  });

  test('reads from another site are left to the browser’s same-origin rule (no body reaches the page)', async () => {
    const res = await fromLoopback('GET', '/api/health', { host: 'localhost:3000', origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a socket opened under a rebound name is refused, under the server’s own name accepted', async () => {
    const base = await testApp.listen();
    await expect(
      connectSocket(base, { headers: { host: 'evil.example:3000' }, origin: 'http://evil.example:3000' }),
    ).rejects.toThrow();
    const socket = await connectSocket(base, { origin: base });
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
