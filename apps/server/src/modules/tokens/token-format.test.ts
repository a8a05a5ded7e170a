import { describe, expect, test } from 'vitest';
import { describeClient } from '../../lib/client-description';
import { isWellFormedPersonalToken, newPersonalToken } from './token-format';

describe('personal token format', () => {
  test('csp_ with 30 random base62 characters and a 6-character checksum', () => {
    const token = newPersonalToken();
    expect(token).toMatch(/^csp_[0-9A-Za-z]{36}$/);
    expect(isWellFormedPersonalToken(token)).toBe(true);
  });

  test('at least 160 random bits: 30 base62 characters, never repeated', () => {
    expect(30 * Math.log2(62)).toBeGreaterThanOrEqual(160);
    const tokens = new Set(Array.from({ length: 1000 }, newPersonalToken));
    expect(tokens.size).toBe(1000);
  });

  test('a changed character, a wrong checksum or another shape is recognised offline', () => {
    const token = newPersonalToken();
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(isWellFormedPersonalToken(flipped)).toBe(false);
    expect(isWellFormedPersonalToken(token.slice(0, -1) + (token.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(isWellFormedPersonalToken(token.replace('csp_', 'csx_'))).toBe(false);
    expect(isWellFormedPersonalToken(`${token}0`)).toBe(false);
    expect(isWellFormedPersonalToken('csp_' + '0'.repeat(36))).toBe(false);
  });

  test('the checksum is CRC32 of the random part in base62, as a scanner would compute it', () => {
    // CRC32 of thirty '0' characters is 2011552642, which is "2C8GjS" in base62 (0-9, A-Z, a-z).
    expect(isWellFormedPersonalToken(`csp_${'0'.repeat(30)}2C8GjS`)).toBe(true);
    expect(isWellFormedPersonalToken(`csp_${'0'.repeat(30)}2C8GjT`)).toBe(false);
  });
});

describe('describeClient', () => {
  test.each([
    ['clipsync/0.1.0 node/20', 'clipsync CLI'],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [undefined, 'Unknown client'],
    ['', 'Unknown client'],
    ['something-else/1.0', 'Unknown client'],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeClient(userAgent)).toBe(expected);
  });
});
