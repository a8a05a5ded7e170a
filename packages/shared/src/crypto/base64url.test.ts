import { describe, expect, it } from 'vitest';
import { base64UrlLength, decodeBase64Url, encodeBase64Url } from './base64url';
import { patternBytes } from './testing/helpers';

describe('base64url', () => {
  it.each([0, 1, 2, 3, 4, 5, 32, 1000])('matches Node for %i bytes and decodes back', (length) => {
    const bytes = patternBytes(length).map((byte) => (byte * 97 + 13) & 255);
    const text = encodeBase64Url(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64url'));
    expect(text).toHaveLength(base64UrlLength(length));
    expect(decodeBase64Url(text)).toEqual(bytes);
  });

  it('encodes every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it.each([
    ['padding', 'AAA='],
    ['standard alphabet', 'ab+/'],
    ['a space', 'AB CD'],
    ['a non-ASCII letter', 'ABCé'],
    ['an impossible length', 'ABCDE'],
    ['stray bits in the last character (2 chars)', 'AB'],
    ['stray bits in the last character (3 chars)', 'AAB'],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64Url(text)).toBeNull();
  });
});
