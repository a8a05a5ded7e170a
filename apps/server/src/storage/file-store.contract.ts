import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { expect, test } from 'vitest';
import { newId } from '../lib/secure-tokens';
import { FileNotFoundError, FileTooLargeError, RangeNotSatisfiableError, type FileStore } from './file-store';

export interface FileStoreSubject {
  store: FileStore;
  /** Everything the store holds, finished or not: files and temporary files, objects and multipart uploads. */
  contents(): Promise<unknown>;
}

/** A body sent in chunks of 64 KiB, as a request's would arrive, failing after them when `failure` is given. */
function bodyOf(bytes: Buffer, failure?: Error): Readable {
  const chunkBytes = 64 * 1024;
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkBytes)
        yield bytes.subarray(offset, offset + chunkBytes);
      if (failure) throw failure;
    })(),
  );
}

/** Buffers compared with `equals`: a deep comparison of megabytes is slow and its diff unreadable. */
function expectSameBytes(actual: Buffer, expected: Buffer): void {
  const firstDifference = actual.equals(expected) ? -1 : actual.findIndex((byte, index) => byte !== expected[index]);
  expect({ length: actual.length, firstDifference }).toEqual({ length: expected.length, firstDifference: -1 });
}

/**
 * What every FileStore promises (file-store.ts), written once: local-disk.test.ts and s3.test.ts run it
 * against a real disk and a real S3-compatible server. `subject` is called inside each test, after the
 * caller's `beforeAll` made it.
 */
export function fileStoreContract(subject: () => FileStoreSubject): void {
  const put = (key: string, bytes: Buffer, maxBytes = MAX_UPLOAD_BYTES) =>
    subject().store.put(key, bodyOf(bytes), { maxBytes });
  const read = async (key: string, range?: { start: number; end: number }) =>
    buffer(await subject().store.get(key, range));

  test('a 10 MB file streams in and reads back byte for byte', async () => {
    const bytes = randomBytes(MAX_UPLOAD_BYTES);
    const key = newId();
    expect(await put(key, bytes)).toEqual({ size: MAX_UPLOAD_BYTES });
    expectSameBytes(await read(key), bytes);
  });

  test('an empty file is stored and read back empty', async () => {
    const key = newId();
    expect(await put(key, Buffer.alloc(0))).toEqual({ size: 0 });
    expect(await read(key)).toHaveLength(0);
  });

  test('one byte past maxBytes is FileTooLargeError and leaves nothing behind', async () => {
    const before = await subject().contents();
    const key = newId();
    await expect(put(key, randomBytes(MAX_UPLOAD_BYTES + 1))).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await subject().contents()).toEqual(before);
    await expect(subject().store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test("a body that fails midway fails the put with the body's error and leaves nothing behind", async () => {
    const before = await subject().contents();
    const key = newId();
    const upload = subject().store.put(key, bodyOf(randomBytes(6 * 1024 * 1024), new Error('client went away')), {
      maxBytes: MAX_UPLOAD_BYTES,
    });
    await expect(upload).rejects.toThrow('client went away');
    expect(await subject().contents()).toEqual(before);
    await expect(subject().store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test('a key that holds nothing is FileNotFoundError, with or without a range', async () => {
    await expect(subject().store.get(newId())).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(subject().store.get(newId(), { start: 0, end: 0 })).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test('delete removes the file and may be repeated, or asked of a key never stored', async () => {
    const key = newId();
    await put(key, Buffer.from('short-lived'));
    await subject().store.delete(key);
    await expect(subject().store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(subject().store.delete(key)).resolves.toBeUndefined();
    await expect(subject().store.delete(newId())).resolves.toBeUndefined();
  });

  test('a range reads bytes start to end, both included', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const key = newId();
    await put(key, bytes);
    const last = bytes.length - 1;
    expectSameBytes(await read(key, { start: 0, end: 0 }), bytes.subarray(0, 1));
    expectSameBytes(await read(key, { start: 1_000_000, end: 1_999_999 }), bytes.subarray(1_000_000, 2_000_000));
    expectSameBytes(await read(key, { start: last, end: last }), bytes.subarray(last));
    expectSameBytes(await read(key, { start: last - 9, end: last + 1000 }), bytes.subarray(last - 9));
  });

  test('a range starting past the last byte is RangeNotSatisfiableError; a malformed one is a RangeError', async () => {
    const key = newId();
    await put(key, Buffer.from('0123456789'));
    await expect(subject().store.get(key, { start: 10, end: 20 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(subject().store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
    await expect(subject().store.get(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(RangeError);
  });

  test.each(['../../etc/passwd', 'ab/cdefghijkl', 'short', 'x'.repeat(101), ''])(
    'the key %j is refused by put, get and delete',
    async (key) => {
      const before = await subject().contents();
      await expect(put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(subject().store.get(key)).rejects.toThrow('invalid storage key');
      await expect(subject().store.delete(key)).rejects.toThrow('invalid storage key');
      expect(await subject().contents()).toEqual(before);
    },
  );

  test('check() answers when the store is reachable', async () => {
    await expect(subject().store.check()).resolves.toBeUndefined();
  });
}
