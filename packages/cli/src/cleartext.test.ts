import { describe, expect, test } from 'vitest';
import { isCleartextToRemote, isLocalHost } from './cleartext';

describe('a host on this machine or its local network', () => {
  test.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['app.localhost', true],
    ['nas.local', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.254', true],
    ['192.168.1.20', true],
    ['169.254.10.1', true],
    ['[fd12:3456::1]', true],
    ['[fe80::1]', true],
    ['[::ffff:c0a8:114]', true],
    ['clips.example.com', false],
    ['localhost.example.com', false],
    ['local', false],
    ['172.32.0.1', false],
    ['100.64.0.1', false],
    ['203.0.113.5', false],
    ['8.8.8.8', false],
    ['[2001:db8::1]', false],
  ])('%s: %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });
});

test.each([
  ['http://clips.example.com', true],
  ['http://203.0.113.5:3000', true],
  ['https://clips.example.com', false],
  ['https://203.0.113.5', false],
  ['http://localhost:3000', false],
  ['http://192.168.1.20:3000/clipsync', false],
])('the token to %s crosses the network in clear: %s', (server, cleartext) => {
  expect(isCleartextToRemote(server)).toBe(cleartext);
});
