import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, test } from 'vitest';
import { listShareOrigins, type InterfaceTable, type ShareOriginsQuery } from './network.service';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal }) as NetworkInterfaceInfo;

const local: ShareOriginsQuery = { isLocalCaller: true, isPublicUrlSet: false, port: 3000, listenHost: '0.0.0.0' };

describe('listShareOrigins', () => {
  const dualStack: InterfaceTable = {
    lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
    eth0: [entry('10.0.0.5', 'IPv4'), entry('2001:db8::5', 'IPv6'), entry('169.254.3.4', 'IPv4')],
    wlan0: [entry('192.168.1.20', 'IPv4')],
  };

  test('IPv4 only, home network first, without loopback or link-local addresses', () => {
    expect(listShareOrigins(local, dualStack)).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.5:3000']);
  });

  test('IPv6, bracketed, only when the machine has no IPv4 network address', () => {
    const ipv6Only = { eth0: [entry('fe80::1', 'IPv6'), entry('2001:db8::5', 'IPv6')] };
    expect(listShareOrigins(local, ipv6Only)).toEqual(['http://[2001:db8::5]:3000']);
  });

  test('none for another machine, with PUBLIC_URL set, or when the server listens on loopback only', () => {
    expect(listShareOrigins({ ...local, isLocalCaller: false }, dualStack)).toEqual([]);
    expect(listShareOrigins({ ...local, isPublicUrlSet: true }, dualStack)).toEqual([]);
    expect(listShareOrigins({ ...local, listenHost: '127.0.0.1' }, dualStack)).toEqual([]);
    expect(listShareOrigins({ ...local, listenHost: 'localhost' }, dualStack)).toEqual([]);
  });

  test('a server bound to one address offers that address only', () => {
    expect(listShareOrigins({ ...local, listenHost: '10.0.0.5' }, dualStack)).toEqual(['http://10.0.0.5:3000']);
  });
});
