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
    // IPv4-compatible IPv6 (::/96): loopback and the metadata service in disguise, and any other in it.
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::169.254.169.254',
    '::808:808',
    '::8.8.8.8',
    '::ffff:ffff',
    '::',
    'fe80::1%eth0',
  ])('%s is not', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  test('a host that resolves into the machine or its network is refused, unless the operator trusts it', async () => {
    const none = { trustedHosts: [] };
    await expect(publicAddressOf('127.0.0.1', none)).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('localhost', none)).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('[::1]', none)).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('[::7f00:1]', none)).rejects.toBeInstanceOf(NotPublicHostError);
    await expect(publicAddressOf('[::a9fe:a9fe]', none)).rejects.toBeInstanceOf(NotPublicHostError);
    const loopbackTrusted = { trustedHosts: ['127.0.0.1', 'localhost', '[::1]'] };
    await expect(publicAddressOf('10.0.0.1', loopbackTrusted)).rejects.toBeInstanceOf(NotPublicHostError);
    // Trust is by the host as the URL names it, not by where it resolves.
    await expect(publicAddressOf('[::7f00:1]', loopbackTrusted)).rejects.toBeInstanceOf(NotPublicHostError);
    expect(await publicAddressOf('127.0.0.1', loopbackTrusted)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await publicAddressOf('[::1]', loopbackTrusted)).toEqual({ address: '::1', family: 6 });
    expect((await publicAddressOf('localhost', loopbackTrusted)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
