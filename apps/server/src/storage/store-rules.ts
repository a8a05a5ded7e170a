import { Transform } from 'node:stream';
import { FileTooLargeError, type ByteRange } from './file-store';

/** Keys are server-made ids: anything else (a path, a user's name) is refused before it reaches a store. */
const SAFE_KEY = /^[A-Za-z0-9_-]{10,100}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error('invalid storage key');
}

/** A range a caller built wrongly is a bug, not a request to answer with a 416. */
export function assertByteRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`invalid byte range ${start}-${end}`);
  }
}

/** Passes bytes through, failing with FileTooLargeError at the first byte past `maxBytes`. */
export function countBytes(maxBytes: number, onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) return callback(new FileTooLargeError(`File exceeds ${maxBytes} bytes`));
      onBytes(total);
      callback(null, chunk);
    },
  });
}
