import { describe, expect, test } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  test.each([
    ['bytes=0-4125', 10_000, { start: 0, end: 4125 }],
    ['bytes=0-', 10_000, { start: 0, end: 9999 }],
    ['bytes=9000-20000', 10_000, { start: 9000, end: 9999 }],
    ['bytes=-100', 10_000, { start: 9900, end: 9999 }],
    ['bytes=-20000', 10_000, { start: 0, end: 9999 }],
    [' bytes=5-5 ', 10, { start: 5, end: 5 }],
  ])('%s of %i bytes is %o', (header, size, range) => {
    expect(parseByteRange(header, size)).toEqual(range);
  });

  test.each([
    [undefined, 10],
    ['', 10],
    ['bytes=-', 10],
    ['bytes=0-1,4-5', 10],
    ['items=0-1', 10],
    ['bytes=5-1', 10],
    ['bytes=a-b', 10],
    ['bytes=10-', 10],
    ['bytes=0-', 0],
    ['bytes=-0', 10],
    ['bytes=-1', 0],
    ['bytes=0-0', 0],
  ])('%o asks for no single range within the file: the whole file is sent', (header, size) => {
    expect(parseByteRange(header, size)).toBeUndefined();
  });
});
