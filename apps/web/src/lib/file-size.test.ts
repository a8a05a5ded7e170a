import { expect, test } from 'vitest';
import { formatKilobytes } from './file-size';

test('formatKilobytes shows one decimal', () => {
  expect(formatKilobytes(1536)).toBe('1.5 KB');
  expect(formatKilobytes(100)).toBe('0.1 KB');
  expect(formatKilobytes(10_485_760)).toBe('10240.0 KB');
});
