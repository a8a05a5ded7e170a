import { describe, expect, test } from 'vitest';
import { isLoopbackAddress } from './loopback';

describe('isLoopbackAddress', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  test.each(['10.0.0.1', '192.168.1.20', '::ffff:192.168.1.20', 'fe80::1', '1270::1', '', undefined])(
    '%s is not',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});
