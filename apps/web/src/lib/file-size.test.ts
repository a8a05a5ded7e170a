import { describe, expect, test } from 'vitest';
import { formatFileSize, formatKilobytes } from './file-size';

describe('formatFileSize', () => {
  test.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10_485_760, '10 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%i → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

test('formatKilobytes shows one decimal', () => {
  expect(formatKilobytes(1536)).toBe('1.5 KB');
  expect(formatKilobytes(100)).toBe('0.1 KB');
});
