import { describe, expect, test } from 'vitest';
import { createRequestOrigins, hostnameOf } from './request-origins';

const origins = createRequestOrigins(['https://clips.example.com', 'http://tablet.office.example:8080']);

describe('the names the server answers to', () => {
  test.each([
    'localhost:3000',
    'LOCALHOST',
    'app.localhost:3000',
    '127.0.0.1:3000',
    '192.168.1.20:3000',
    '[::1]:3000',
    '[fe80::1]',
    'nas:3000',
    'raspberrypi.local:3000',
    'pc.home.arpa',
    'router.lan',
    'nas.home:3000',
    'printer.internal',
    'clips.example.com',
    'clips.example.com.:443',
    'tablet.office.example:3000',
    undefined,
  ])('%s is this server', (host) => {
    expect(origins.isTrustedHost(host)).toBe(true);
  });

  // What a rebinding page sends: its own public name, whatever address that name now points at.
  test.each([
    'evil.example:3000',
    'localhost.evil.example',
    '127.0.0.1.nip.io:3000',
    'clips.example.com.evil.example',
    'example.com',
    'pc.fritz.box:3000',
    'evil.lan.example',
    ':3000',
  ])('%s is refused', (host) => {
    expect(origins.isTrustedHost(host)).toBe(false);
  });

  test('a Host is compared without its port, case or final dot', () => {
    expect(hostnameOf('Clips.Example.COM.:8443')).toBe('clips.example.com');
    expect(hostnameOf('[::1]:3000')).toBe('::1');
  });
});

describe('the pages that may write', () => {
  test('the app’s own page at the host the browser reached, and the configured origins', () => {
    expect(origins.isAllowedOrigin('http://192.168.1.20:3000', '192.168.1.20:3000')).toBe(true);
    expect(origins.isAllowedOrigin('http://localhost:3000', 'LOCALHOST:3000')).toBe(true);
    expect(origins.isAllowedOrigin('https://clips.example.com', 'node1:3000')).toBe(true);
  });

  test('another site, another port of the same machine, or an opaque origin is not', () => {
    expect(origins.isAllowedOrigin('https://evil.example', 'localhost:3000')).toBe(false);
    expect(origins.isAllowedOrigin('http://localhost:5000', 'localhost:3000')).toBe(false);
    expect(origins.isAllowedOrigin('null', 'localhost:3000')).toBe(false);
    expect(origins.isAllowedOrigin('http://localhost:3000', undefined)).toBe(false);
  });
});
