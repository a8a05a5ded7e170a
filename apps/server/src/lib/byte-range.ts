import type { ByteRange } from '../storage/file-store';

/**
 * The one byte range a `Range` header asks of a file of `size` bytes: `bytes=a-b`, `bytes=a-` or the suffix
 * `bytes=-n`. Anything else (several ranges, another unit, nonsense) is undefined, and the whole file is sent,
 * as RFC 9110 lets a server do. So is a range that starts past the end: a 416 would tell a client no more
 * than the whole (possibly empty) file's length does.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  // An empty file has no byte to ask for: `bytes=-1` would otherwise read as 0 to -1.
  if (!match || size === 0) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return undefined;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return undefined;
  return { start, end };
}
