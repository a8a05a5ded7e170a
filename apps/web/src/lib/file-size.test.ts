import { describe, expect, test } from 'vitest';
import { formatFileSize, formatKilobytes } from './file-size';

test('formatKilobytes shows one decimal', () => {
  expect(formatKilobytes(1536)).toBe('1.5 KB');
  expect(formatKilobytes(100)).toBe('0.1 KB');
  expect(formatKilobytes(10_485_760)).toBe('10240.0 KB');
});

describe('formatFileSize (1024-based Bytes, KB, MB, GB)', () => {
  test('below 1 KB sizes read in whole bytes, never 0.0 KB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(23)).toBe('23 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });

  test('larger sizes take the largest unit they reach, to one decimal at most', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10_485_760)).toBe('10 MB');
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072 GB');
  });
});
