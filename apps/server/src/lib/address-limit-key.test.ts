import { describe, expect, it } from 'vitest';
import { limitKeyOf } from './address-limit-key';

describe('limitKeyOf', () => {
  it('keeps an IPv4 address as it is, one key per address', () => {
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('203.0.113.7')).not.toBe(limitKeyOf('203.0.113.8'));
    expect(limitKeyOf('10.0.0.1')).not.toBe(limitKeyOf('10.0.0.2'));
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(limitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::ffff:127.0.0.1')).toBe(limitKeyOf('127.0.0.1'));
  });

  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    const host = limitKeyOf('2001:db8:1:2:a:b:c:d');
    expect(host).toBe('2001:db8:1:2::/64');
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2::99']) {
      expect(limitKeyOf(address)).toBe(host);
    }
  });

  it('gives two /64s two keys, also when one is a string prefix of the other', () => {
    expect(limitKeyOf('2001:db8:1:2::1')).not.toBe(limitKeyOf('2001:db8:1:3::1'));
    expect(limitKeyOf('2001:db8::1')).not.toBe(limitKeyOf('2001:db8:0:1::1'));
  });

  it('keeps an unparsable address as its own key', () => {
    expect(limitKeyOf('not-an-address')).toBe('not-an-address');
  });
});
