import { describe, expect, test } from 'vitest';
import { linkOriginOf } from './link-origin';

const config = { publicUrl: 'http://localhost:3000', isPublicUrlSet: false };
const own = new Set(['192.168.1.20', 'fd00::20']);
const originFor = (host: string | undefined, protocol: 'http' | 'https' = 'http') =>
  linkOriginOf({ headers: { host }, protocol }, config, own);

describe('where a mailed link starts', () => {
  test("one of this machine's addresses with the server's port: that address", () => {
    expect(originFor('192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(originFor('[fd00::20]:3000')).toBe('http://[fd00::20]:3000');
  });

  test.each([
    ['a host hidden behind user info', 'localhost:1@evil.example'],
    ['a fragment that makes a local-looking name', 'evil.example#.lan'],
    ['a path after the host', '192.168.1.20:3000/@evil.example'],
    ['an address that is not this machine', '203.0.113.66:3000'],
    ['this machine on another port', '192.168.1.20:8080'],
    ['a local name the server cannot vouch for', 'pc.lan:3000'],
    ['localhost', 'localhost:3000'],
    ['no Host at all', undefined],
  ])('%s: PUBLIC_URL’s default instead', (_, host) => {
    expect(originFor(host)).toBe('http://localhost:3000');
  });

  test('PUBLIC_URL, when set, always wins', () => {
    const set = { publicUrl: 'https://clips.example.com', isPublicUrlSet: true };
    expect(linkOriginOf({ headers: { host: '192.168.1.20:3000' }, protocol: 'http' }, set, own)).toBe(
      'https://clips.example.com',
    );
  });
});
