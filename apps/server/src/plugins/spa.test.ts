import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { stripeEnv } from '../../test/stripe-billing';
import { multipartFile } from '../../test/multipart';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

describe('single-page app, security headers and API docs', () => {
  let testApp: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'clipsync-web-'));

  beforeAll(async () => {
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>ClipSync</title><div id="root"></div>');
    await writeFile(join(webDist, 'assets', 'index-Abc123.js'), 'console.log(1)');
    // What the web build's precompress step writes beside a file (apps/web/precompress.ts).
    await writeFile(join(webDist, 'assets', 'index-Abc123.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(webDist, 'assets', 'index-Abc123.js.gz'), gzipSync('console.log(1)'));
    await writeFile(join(webDist, 'manifest.webmanifest'), '{"name":"ClipSync"}');
    await writeFile(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    testApp = await buildTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  test('client-side routes fall back to index.html, revalidated every time', async () => {
    for (const url of ['/', '/dashboard', '/rooms/abc', '/desktop/shared/token123']) {
      const res = await testApp.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  test('a path that is no page of the app is a real 404, with the page that says so', async () => {
    for (const url of ['/nope', '/clips/abc/extra', '/dashboard/x?y=1']) {
      const res = await testApp.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  test('hashed assets are cached for a year', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a built file goes pre-compressed to a browser that accepts it, and plain to one that does not', async () => {
    const url = '/assets/index-Abc123.js';
    const brotli = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // A file the build left uncompressed (too small to gain) is sent as it is.
    const page = await testApp.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('<div id="root">');
  });

  test('every response carries a strict CSP and the hardening headers', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly may be compiled (the clipboard key's Argon2id), JavaScript may not be eval'd.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  test('the installed app: its manifest and its service worker are ours to load, and always revalidated', async () => {
    const csp = String((await testApp.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    const manifest = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // A worker cached by HTTP would keep users on an old version: the browser must ask every time.
    const worker = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // At the root, its scope is the whole app without a Service-Worker-Allowed header.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
  });

  test('a share that no service worker caught goes to the app page: under a claim link, or saying it did not arrive', async () => {
    const body = multipartFile('files', 'photo.jpg', 'image/jpeg', Buffer.alloc(200_000, 1), { text: 'hello' });
    const res = await testApp.app.inject({ method: 'POST', url: '/share-target', ...body });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/share#claim=[\w-]{43}$/);
    const empty = await testApp.app.inject({ method: 'POST', url: '/share-target' });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/share?not-received');
  });

  test('an unknown /api path is still JSON, never the page', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/unknown/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  test('OpenAPI document and UI are served at /api/docs', async () => {
    const json = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe("the landing page's badge follows the server's payments (SPEC's trial only where it sells)", () => {
  const webDist = mkdtempSync(join(tmpdir(), 'clipsync-web-'));
  const html = '<!doctype html><html lang="en"><title>ClipSync</title><div id="root"></div></html>';

  beforeAll(async () => {
    await writeFile(join(webDist, 'index.html'), html);
    // The build's compressed copy, which cannot carry the mark: it must not be served in its place.
    await writeFile(join(webDist, 'index.html.br'), brotliCompressSync(html));
  });
  afterAll(() => rm(webDist, { recursive: true, force: true }));

  const pages = ['/', '/index.html', '/pricing-unknown', '/dashboard'];

  test('without payments, every copy of index.html says so on <html>, compressed or not', async () => {
    const testApp = await buildTestApp({ WEB_DIST_DIR: webDist });
    try {
      for (const url of pages) {
        const res = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.body, url).toContain('<html data-payments="off" lang="en">');
      }
      expect((await testApp.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  test('with payments, index.html is the build as it is', async () => {
    const testApp = await buildTestApp({ ...stripeEnv({ url: 'http://127.0.0.1:9' }), WEB_DIST_DIR: webDist });
    try {
      for (const url of pages) {
        const res = await testApp.app.inject({ method: 'GET', url });
        expect(res.body, url).toContain('<html lang="en">');
      }
    } finally {
      await testApp.close();
    }
  });
});

describe('the landing page offers no sign-up where sign-ups are closed, from its first paint', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'clipsync-web-'));
  const html = '<!doctype html><html lang="en"><title>ClipSync</title><div id="root"></div></html>';
  let testApp: TestApp;
  beforeAll(async () => {
    await writeFile(join(webDist, 'index.html'), html);
    testApp = await buildTestApp({ ...stripeEnv({ url: 'http://127.0.0.1:9' }), WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });
  const page = async () => (await testApp.app.inject({ method: 'GET', url: '/' })).body;

  test('closed in the console: marked at once; opened again: unmarked', async () => {
    expect(await page()).toContain('<html lang="en">');
    const admin = await testApp.factory.user({ role: 'admin' });
    expect((await testApp.as(admin).put('/api/admin/settings', { mode: 'closed' })).statusCode).toBe(200);
    expect(await page()).toContain('<html data-sign-ups="closed" lang="en">');
    expect((await testApp.as(admin).put('/api/admin/settings', { mode: 'invite' })).statusCode).toBe(200);
    expect(await page()).toContain('<html lang="en">');
  });
});

describe('closed by the environment, before there is an admin', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'clipsync-web-'));
  let testApp: TestApp;
  beforeAll(async () => {
    await writeFile(join(webDist, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div></html>');
    testApp = await buildTestApp({ REGISTRATION: 'closed', ADMIN_EMAILS: 'root@example.com', WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  test('ADMIN_EMAILS still sign up, so sign-up is offered until the admin exists', async () => {
    const page = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).body;
    expect(await page('/index.html')).toContain('<html data-payments="off" lang="en">');
    await testApp.factory.user({ email: 'root@example.com', role: 'admin' });
    expect(await page('/dashboard')).toContain('<html data-payments="off" data-sign-ups="closed" lang="en">');
  });
});

describe('without a web build', () => {
  test('pages answer 503 with a hint, the API still works', async () => {
    const testApp = await buildTestApp();
    const page = await testApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await testApp.close();
  });
});
