import { describe, expect, test } from 'vitest';
import { utf8ByteLength } from './text-size';

describe('utf8ByteLength', () => {
  test.each([
    ['', 0],
    ['plain', 5],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['a😀é€', 10],
    // A lone surrogate is stored as the replacement character, three bytes.
    ['\ud83d', 3],
    ['\ude00x', 4],
  ])('%j takes %i bytes, as Node encodes it', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
});
