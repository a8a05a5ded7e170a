import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK, networkFingerprint, networkKeyOf } from './network-key';

describe('networkKeyOf', () => {
  it('puts callers of one public IPv4 address on one network, and other addresses on others', () => {
    expect(networkKeyOf('203.0.113.7')).toBe(networkKeyOf('203.0.113.7'));
    expect(networkKeyOf('203.0.113.7')).not.toBe(networkKeyOf('203.0.113.8'));
  });

  it('groups IPv6 callers by /64: interface ids differ, the prefix decides', () => {
    const home = networkKeyOf('2001:db8:1:2:a:b:c:d');
    expect(networkKeyOf('2001:db8:1:2::99')).toBe(home);
    expect(networkKeyOf('2001:0db8:0001:0002:ffff:0:0:1')).toBe(home);
    expect(networkKeyOf('2001:db8:1:3:a:b:c:d')).not.toBe(home);
  });

  it('does not mistake a string prefix for a network prefix', () => {
    expect(networkKeyOf('2001:db8::1')).not.toBe(networkKeyOf('2001:db8:0:1::1'));
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(networkKeyOf('::ffff:203.0.113.7')).toBe(networkKeyOf('203.0.113.7'));
    expect(networkKeyOf('::ffff:192.168.1.20')).toBe(LOCAL_NETWORK);
  });

  it('makes every private, link-local and loopback caller one network (the server is inside the LAN)', () => {
    for (const address of [
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.20',
      '127.0.0.1',
      '127.0.0.2',
      '::1',
      'fe80::1',
      'fd00::1',
    ]) {
      expect(networkKeyOf(address)).toBe(LOCAL_NETWORK);
    }
  });

  it('keeps carrier-grade NAT addresses apart: households of one ISP share that range', () => {
    expect(networkKeyOf('100.64.0.1')).not.toBe(LOCAL_NETWORK);
    expect(networkKeyOf('100.64.0.1')).not.toBe(networkKeyOf('100.64.0.2'));
  });

  it('keeps an unparsable address on a network of its own', () => {
    expect(networkKeyOf('not-an-address')).not.toBe(LOCAL_NETWORK);
  });
});

describe('networkFingerprint', () => {
  it('is stable per secret and network, and reveals neither', () => {
    const key = networkKeyOf('203.0.113.7');
    const fingerprint = networkFingerprint('secret', key);
    expect(fingerprint).toBe(networkFingerprint('secret', key));
    expect(fingerprint).not.toBe(networkFingerprint('other secret', key));
    expect(fingerprint).not.toContain('203');
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
