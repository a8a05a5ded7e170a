import { describe, expect, test } from 'vitest';
import { fileOverQuotaSentence, formatStorageBytes } from './file-over-quota';

const MIB = 1024 * 1024;

describe('the sentence of a file over the quota', () => {
  test('names the file, its size, the room left (rounded down) and the quota', () => {
    const refused = { fileName: 'report.pdf', fileBytes: 6.04 * MIB, leftBytes: 5 * MIB - 69, quotaBytes: 5 * MIB };
    expect(fileOverQuotaSentence(refused)).toBe('report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB');
  });

  test('says the storage is full only when nothing is left', () => {
    const refused = { fileName: 'a.bin', fileBytes: 2048, leftBytes: 0, quotaBytes: 5 * MIB };
    expect(fileOverQuotaSentence(refused)).toBe('Your storage of 5 MB is full: a.bin (2 KB) was not saved.');
  });

  test('sizes keep one decimal, none when round, bytes below a kilobyte', () => {
    expect(formatStorageBytes(69)).toBe('69 B');
    expect(formatStorageBytes(1536)).toBe('1.5 KB');
    expect(formatStorageBytes(1024 * MIB)).toBe('1 GB');
    expect(formatStorageBytes(MIB - 1)).toBe('1.0 MB');
    expect(formatStorageBytes(MIB - 1, 'down')).toBe('1023.9 KB');
  });
});
