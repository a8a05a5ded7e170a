import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('rate limits', () => {
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'clipsync-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>ClipSync</title>');
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    testApp = await buildTestApp({
      RATE_LIMIT_PER_MINUTE: '3',
      TRUST_PROXY: '10.0.0.0/24, fd00:1::/64',
      WEB_DIST_DIR: webDist,
    });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const hit = (ip: string, forwardedFor?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: ip,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  test('the global limit answers 429 with Retry-After and the error body', async () => {
    for (let i = 0; i < 3; i++) expect((await hit('10.0.0.1')).statusCode).toBe(200);
    const limited = await hit('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().error).toMatch(/Too many requests/);
  });

  test('behind a trusted proxy, clients are told apart by X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) expect((await hit('10.0.0.2', '203.0.113.7')).statusCode).toBe(200);
    expect((await hit('10.0.0.2', '203.0.113.7')).statusCode).toBe(429);
    expect((await hit('10.0.0.2', '203.0.113.8')).statusCode).toBe(200);
  });

  test('a client cannot reset its limit by forging an extra X-Forwarded-For hop', async () => {
    for (let i = 0; i < 3; i++) expect((await hit('10.0.0.3', '198.51.100.1')).statusCode).toBe(200);
    // The proxy appends the real client after whatever the client sent; only that last hop is trusted.
    expect((await hit('10.0.0.3', '1.2.3.4, 198.51.100.1')).statusCode).toBe(429);
  });

  test('a client outside TRUST_PROXY cannot choose its address with X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) expect((await hit('192.0.2.50', `203.0.113.${100 + i}`)).statusCode).toBe(200);
    // Three different forged addresses, yet the fourth call is counted against the real one.
    expect((await hit('192.0.2.50', '203.0.113.200')).statusCode).toBe(429);
  });

  test('an IPv6 proxy range is trusted like an IPv4 one (clients counted per /64)', async () => {
    for (let i = 0; i < 3; i++) expect((await hit('fd00:1::5', '2001:db8:0:1::7')).statusCode).toBe(200);
    expect((await hit('fd00:1::5', '2001:db8:0:1::8')).statusCode).toBe(429);
    expect((await hit('fd00:1::5', '2001:db8:0:2::7')).statusCode).toBe(200);
  });

  test('hashed web assets do not count against the API budget', async () => {
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.4' });
    for (let i = 0; i < 5; i++) expect((await get('/assets/index-abc123.js')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await hit('10.0.0.4')).statusCode).toBe(200);
  });
});
