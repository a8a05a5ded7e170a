import { describe, expect, it, vi } from 'vitest';
import { DecryptError } from './decrypt-error';
import { encryptedFileSize, type FileMetadata } from './file-records';
import { decryptFile, decryptFileStream, encryptFile, encryptFileStream } from './file-stream';
import { METADATA_CIPHERTEXT_BYTES, RECORD_CIPHERTEXT_BYTES, RECORD_PLAINTEXT_BYTES } from './params';
import { ShareKey } from './share-key';
import { encryptText } from './text';
import { chunked, collect, joinChunks, patternBytes } from './testing/helpers';

// PBKDF2 at 600 000 rounds takes ~0.3 s, many times that on a loaded machine: no 5 s default here.
vi.setConfig({ testTimeout: 60_000 });

const KIB64 = RECORD_PLAINTEXT_BYTES;
const key = ShareKey.generate();
const META: FileMetadata = { name: 'Übersicht 2026 — 東京.pdf', type: 'application/pdf' };
const HEADER = 2 + 12;
/** Where content record `i` (1-based) starts in a file sealed without a password. */
const recordStart = (i: number) => HEADER + METADATA_CIPHERTEXT_BYTES + (i - 1) * RECORD_CIPHERTEXT_BYTES;

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function sealed(plain: Uint8Array, shareKey = key, metadata = META): Promise<Uint8Array> {
  return collect(encryptFile([plain], shareKey, metadata));
}

/** Decrypts with the async-iterable API, keeping what came out before any error. */
async function open(file: Uint8Array, shareKey = key, sizes = [5000]) {
  const out: Uint8Array[] = [];
  try {
    const { metadata, content } = await decryptFile(chunked(file, sizes), shareKey);
    for await (const chunk of content) out.push(chunk);
    return { metadata, content: joinChunks(out), error: undefined };
  } catch (error) {
    return { metadata: undefined, content: joinChunks(out), error };
  }
}

async function expectRefused(file: Uint8Array, plain: Uint8Array, shareKey = key) {
  const result = await open(file, shareKey);
  expect(result.error).toBeInstanceOf(DecryptError);
  // Never garbage: whatever came out before the error is an authenticated prefix of the real content.
  expect(result.content.length).toBeLessThan(Math.max(plain.length, 1));
  expect(Buffer.from(plain.subarray(0, result.content.length)).equals(result.content)).toBe(true);
  return result.error as DecryptError;
}

describe('file round trips', () => {
  it.each([
    ['empty', 0],
    ['1 byte', 1],
    ['64 KiB - 1', KIB64 - 1],
    ['exactly 64 KiB', KIB64],
    ['64 KiB + 1', KIB64 + 1],
    ['1 MiB', 1024 * 1024],
  ])('%s through the streams, in odd-sized chunks', async (_, length) => {
    const plain = patternBytes(length);
    const encrypted = await collect(
      streamOf(chunked(plain, [1, 7000, 65536, 3])).pipeThrough(encryptFileStream(key, META)),
    );
    expect(encrypted.length).toBe(encryptedFileSize(length, false));

    const decrypting = decryptFileStream(key);
    const content = await collect(streamOf(chunked(encrypted, [13, 65552, 100_000])).pipeThrough(decrypting));
    expect(await decrypting.metadata).toEqual(META);
    expect(Buffer.from(content).equals(Buffer.from(plain))).toBe(true);
  });

  it.each([0, 1, KIB64, KIB64 + 1, 3 * KIB64 + 5])('%i bytes through the async iterables', async (length) => {
    const plain = patternBytes(length);
    const encrypted = await collect(encryptFile(chunked(plain, [4096, 1]), key, META));
    const result = await open(encrypted);
    expect(result.error).toBeUndefined();
    expect(result.metadata).toEqual(META);
    expect(Buffer.from(result.content).equals(Buffer.from(plain))).toBe(true);
  });

  it('reads a ciphertext given one byte at a time', async () => {
    const plain = patternBytes(300);
    const result = await open(await sealed(plain), key, [1]);
    expect(result.error).toBeUndefined();
    expect(result.content).toEqual(plain);
  });

  it('takes Node Buffers and empty chunks', async () => {
    const plain = patternBytes(100);
    const encrypted = await collect(encryptFile([Buffer.alloc(0), Buffer.from(plain), new Uint8Array(0)], key, META));
    expect((await open(encrypted)).content).toEqual(plain);
  });

  it('streams: one record at a time out, content before the whole file is in', async () => {
    const plain = patternBytes(5 * KIB64);
    const outputs: number[] = [];
    for await (const chunk of encryptFile([plain], key, META)) outputs.push(chunk.length);
    expect(outputs).toEqual([
      HEADER + METADATA_CIPHERTEXT_BYTES,
      ...new Array<number>(5).fill(RECORD_CIPHERTEXT_BYTES),
    ]);

    const encrypted = await sealed(plain);
    let given = 0;
    async function* slowly() {
      for (const chunk of chunked(encrypted, [RECORD_CIPHERTEXT_BYTES])) {
        given++;
        yield chunk;
      }
    }
    const { content } = await decryptFile(slowly(), key);
    await content.next();
    expect(given).toBeLessThanOrEqual(3);
  });

  it('keeps the name and type secret, and their length too', async () => {
    const short = await sealed(new Uint8Array(10), key, { name: 'a', type: '' });
    const long = await sealed(new Uint8Array(10), key, { name: 'Ü'.repeat(255), type: 'x/'.padEnd(255, 'y') });
    expect(short.length).toBe(long.length);
    expect(Buffer.from(await sealed(new Uint8Array(10))).includes(Buffer.from('application/pdf'))).toBe(false);
    const result = await open(long);
    expect(result.metadata).toEqual({ name: 'Ü'.repeat(255), type: 'x/'.padEnd(255, 'y') });
  });

  it('gives the name and type from the first 4126 bytes alone (a Range request), then refuses the rest', async () => {
    const head = (await sealed(patternBytes(KIB64 * 2))).subarray(0, HEADER + METADATA_CIPHERTEXT_BYTES);
    expect(head.length).toBe(4126);
    const { metadata, content } = await decryptFile([head], key);
    expect(metadata).toEqual(META);
    await expect(collect(content)).rejects.toThrow(DecryptError);

    const decrypting = decryptFileStream(key);
    const reading = collect(streamOf([head]).pipeThrough(decrypting));
    expect(await decrypting.metadata).toEqual(META);
    await expect(reading).rejects.toMatchObject({ reason: 'AUTHENTICATION_FAILED' });
  });

  it('refuses a name or type beyond the limits before reading anything', () => {
    expect(() => encryptFile([], key, { name: 'a'.repeat(256), type: '' })).toThrow(RangeError);
    expect(() => encryptFileStream(key, { name: 'a', type: 'b'.repeat(256) })).toThrow(RangeError);
  });

  it('round-trips with a password, and needs it', async () => {
    const withPassword = new ShareKey(new Uint8Array(32).fill(7), { password: 'hunter2' });
    const plain = patternBytes(KIB64 + 10);
    const encrypted = await sealed(plain, withPassword);
    expect(encrypted.length).toBe(encryptedFileSize(plain.length, true));
    expect((await open(encrypted, new ShareKey(new Uint8Array(32).fill(7), { password: 'hunter2' }))).content).toEqual(
      plain,
    );
    const wrong = await expectRefused(
      encrypted,
      plain,
      new ShareKey(new Uint8Array(32).fill(7), { password: 'hunter3' }),
    );
    expect(wrong.reason).toBe('AUTHENTICATION_FAILED');
    const none = await expectRefused(encrypted, plain, new ShareKey(new Uint8Array(32).fill(7)));
    expect(none.reason).toBe('PASSWORD_REQUIRED');
    await expectRefused(encrypted, plain, new ShareKey(new Uint8Array(32).fill(8), { password: 'hunter2' }));
  });
});

describe('file tampering is detected', () => {
  const plain = patternBytes(3 * KIB64 + 100); // records 1, 2, 3 full; record 4 final with 100 bytes

  it('another key: no metadata, no content', async () => {
    const encrypted = await sealed(plain);
    const decrypting = decryptFileStream(ShareKey.generate());
    await expect(collect(streamOf([encrypted]).pipeThrough(decrypting))).rejects.toThrow(DecryptError);
    await expect(decrypting.metadata).rejects.toMatchObject({ reason: 'AUTHENTICATION_FAILED' });
    expect((await expectRefused(encrypted, plain, ShareKey.generate())).reason).toBe('AUTHENTICATION_FAILED');
  });

  it.each([
    ['inside the header', 5],
    ['after the header', HEADER],
    ['inside the metadata record', HEADER + 100],
    ['after the metadata record', recordStart(1)],
    ['after record 1', recordStart(2)],
    ['after record 3, before the final one', recordStart(4)],
    ['inside the final record', recordStart(4) + 50],
    ['by one byte', encryptedFileSize(3 * KIB64 + 100, false) - 1],
  ])('truncated %s', async (_, length) => {
    const encrypted = await sealed(plain);
    expect((await open(encrypted)).error).toBeUndefined();
    await expectRefused(encrypted.subarray(0, length), plain);
  });

  it('an exact multiple of 64 KiB cut at its last record boundary', async () => {
    const whole = patternBytes(2 * KIB64);
    const encrypted = await sealed(whole);
    expect((await open(encrypted)).content).toEqual(whole);
    await expectRefused(encrypted.subarray(0, recordStart(2)), whole);
  });

  it('two records swapped, one dropped, one repeated, or bytes appended', async () => {
    const encrypted = await sealed(plain);
    const record = (i: number) => encrypted.subarray(recordStart(i), recordStart(i + 1));
    const head = encrypted.subarray(0, recordStart(1));
    const tail = encrypted.subarray(recordStart(4));
    await expectRefused(joinChunks([head, record(2), record(1), record(3), tail]), plain);
    await expectRefused(joinChunks([head, record(1), record(3), tail]), plain);
    await expectRefused(joinChunks([head, record(1), record(1), record(2), record(3), tail]), plain);
    await expectRefused(joinChunks([encrypted, new Uint8Array(1)]), plain);
    await expectRefused(joinChunks([encrypted, tail]), plain);
  });

  it('a record from another file of the same share', async () => {
    const a = await sealed(plain);
    const b = await sealed(plain);
    const spliced = joinChunks([a.subarray(0, recordStart(2)), b.subarray(recordStart(2))]);
    await expectRefused(spliced, plain);
  });

  it.each([
    ['version', 0, 'UNSUPPORTED_VERSION'],
    ['flags', 1, 'MALFORMED'],
    ['nonce base', 2 + 11, 'AUTHENTICATION_FAILED'],
    ['metadata record', HEADER + 4000, 'AUTHENTICATION_FAILED'],
    ['record 1', recordStart(1) + 10, 'AUTHENTICATION_FAILED'],
    ['record 3 tag', recordStart(4) - 1, 'AUTHENTICATION_FAILED'],
    ['final record', recordStart(4) + 3, 'AUTHENTICATION_FAILED'],
  ])('one bit flipped in the %s', async (_, index, reason) => {
    const encrypted = await sealed(plain);
    const altered = Uint8Array.from(encrypted);
    altered[index]! ^= 0x04;
    expect((await expectRefused(altered, plain)).reason).toBe(reason);
  });

  it('a bit flipped in the salt of a password-sealed file', async () => {
    const shareKey = new ShareKey(new Uint8Array(32).fill(1), { password: 'pw' });
    const small = patternBytes(10);
    const altered = await sealed(small, shareKey);
    altered[5]! ^= 1;
    expect((await expectRefused(altered, small, shareKey)).reason).toBe('AUTHENTICATION_FAILED');
  });

  it('a text envelope offered as a file', async () => {
    const envelope = Buffer.from(await encryptText('x'.repeat(5000), key), 'base64url');
    await expectRefused(envelope, plain);
  });
});
