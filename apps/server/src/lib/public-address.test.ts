import { describe, expect, test } from 'vitest';
import { isPublicAddress, NotPublicHostError, publicAddressOf } from './public-address';

describe('public addresses', () => {
  test.each(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:93.184.215.14'])(
    '%s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  test.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    'not an address',
  ])('%s is not', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  test('a host that resolves into the machine or its network is refused, loopback only when allowed', async () => {
    await expect(publicAddressOf('127.0.0.1', { allowLoopback: false })).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('localhost', { allowLoopback: false })).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('10.0.0.1', { allowLoopback: true })).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('[::1]', { allowLoopback: false })).rejects.toBeInstanceOf(NotPublicHostError);
    expect(await publicAddressOf('127.0.0.1', { allowLoopback: true })).toEqual({ address: '127.0.0.1', family: 4 });
  });
});
