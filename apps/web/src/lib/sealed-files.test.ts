import { DecryptError, encryptFile, encryptedFileSize, ShareKey } from '@clipsync/shared/crypto';
import { describe, expect, test } from 'vitest';
import { encryptedFileHeadBytes, openedFileSize, openSealedFile, readSealedMetadata } from './sealed-files';

async function sealed(content: Uint8Array, key: ShareKey): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of encryptFile([content], key, { name: 'notes.txt', type: 'text/plain' })) parts.push(part);
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
}

const streamOf = (bytes: Uint8Array, chunk = 1000) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.slice(at, at + chunk));
      controller.close();
    },
  });

describe('sealed files', () => {
  test.each([0, 1, 65_535, 65_536, 65_537, 10_485_760])(
    'the content size of %i bytes comes back from the sealed size, with and without a password',
    (size) => {
      expect(openedFileSize(encryptedFileSize(size, false), false)).toBe(size);
      expect(openedFileSize(encryptedFileSize(size, true), true)).toBe(size);
    },
  );

  test('the head a name is read from is the header and the metadata record', () => {
    expect(encryptedFileHeadBytes(false)).toBe(4126);
    expect(encryptedFileHeadBytes(true)).toBe(4142);
  });

  test('a name is read from the first bytes alone; a file cut before it is a DecryptError', async () => {
    const key = ShareKey.generate();
    const bytes = await sealed(new Uint8Array(200_000), key);
    const head = bytes.slice(0, encryptedFileHeadBytes(false));
    expect(await readSealedMetadata(streamOf(head), key)).toEqual({ name: 'notes.txt', type: 'text/plain' });
    expect(await readSealedMetadata(streamOf(bytes), key)).toEqual({ name: 'notes.txt', type: 'text/plain' });
    await expect(readSealedMetadata(streamOf(head.slice(0, 100)), key)).rejects.toBeInstanceOf(DecryptError);
  });

  test('a whole file opens with its name and type; an altered or cut one is a DecryptError, never a Blob', async () => {
    const key = ShareKey.generate();
    const content = new TextEncoder().encode('x'.repeat(70_000));
    const bytes = await sealed(content, key);
    const opened = await openSealedFile(streamOf(bytes), key);
    expect(opened.name).toBe('notes.txt');
    expect(opened.blob.size).toBe(70_000);
    const altered = bytes.slice();
    altered[5000] = altered[5000]! ^ 1;
    await expect(openSealedFile(streamOf(altered), key)).rejects.toBeInstanceOf(DecryptError);
    await expect(openSealedFile(streamOf(bytes.slice(0, -1)), key)).rejects.toBeInstanceOf(DecryptError);
    await expect(openSealedFile(streamOf(bytes), ShareKey.generate())).rejects.toBeInstanceOf(DecryptError);
  });
});
