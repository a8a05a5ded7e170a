import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { splitByUploadLimit } from './upload-limit';

const fileOfSize = (name: string, size: number) => {
  const file = new File([], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('splitByUploadLimit', () => {
  test('exactly 10 MB is accepted, one byte more is too large', () => {
    const atLimit = fileOfSize('at-limit.bin', MAX_UPLOAD_BYTES);
    const overLimit = fileOfSize('over-limit.bin', MAX_UPLOAD_BYTES + 1);
    expect(splitByUploadLimit([atLimit, overLimit])).toEqual({ accepted: [atLimit], tooLarge: [overLimit] });
  });

  test('keeps the order of the selection', () => {
    const files = [fileOfSize('a.txt', 1), fileOfSize('b.txt', 0), fileOfSize('c.txt', 2)];
    expect(splitByUploadLimit(files).accepted).toEqual(files);
  });
});
