import {
  DecryptError,
  decryptFileStream,
  encryptFileStream,
  METADATA_PLAINTEXT_BYTES,
  NONCE_BYTES,
  RECORD_PLAINTEXT_BYTES,
  SALT_BYTES,
  TAG_BYTES,
  type FileMetadata,
  type ShareKey,
} from '@clipsync/shared/crypto';
import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE } from '@clipsync/shared';

/** Bytes before a file's content records: the header and the sealed metadata record. */
export const encryptedFileHeadBytes = (hasPassword: boolean) =>
  2 + (hasPassword ? SALT_BYTES : 0) + NONCE_BYTES + METADATA_PLAINTEXT_BYTES + TAG_BYTES;

/**
 * The file as it is uploaded to an end-to-end encrypted clip: its bytes sealed with the clip's key, its
 * name and type inside them, and outside only the neutral name and type the server stores for every such
 * file. Collected into a Blob, as XMLHttpRequest (the upload with progress) cannot send a stream.
 */
export async function sealFile(file: File, key: ShareKey): Promise<File> {
  const sealing = encryptFileStream(key, { name: file.name, type: file.type });
  const sealed = await collect(file.stream().pipeThrough(sealing));
  return new File([sealed], ENCRYPTED_FILE_NAME, { type: ENCRYPTED_FILE_TYPE });
}

/**
 * A sealed file's name and type, read from the start of its bytes; the rest of the download is cancelled
 * once they have authenticated (the server may answer a Range request or send the whole file).
 */
export async function readSealedMetadata(body: ReadableStream<Uint8Array>, key: ShareKey): Promise<FileMetadata> {
  const opening = decryptFileStream(key);
  const stop = new AbortController();
  // The content records that follow the metadata are not wanted: they are read and dropped until the stop.
  void body.pipeTo(opening.writable, { signal: stop.signal }).catch(() => undefined);
  void opening.readable.pipeTo(new WritableStream(), { signal: stop.signal }).catch(() => undefined);
  try {
    return await opening.metadata;
  } catch (error) {
    // A body that ended before the metadata record is a cut file, the same failure as any other.
    throw error instanceof DecryptError ? error : new DecryptError('MALFORMED', 'the file ended before its name');
  } finally {
    stop.abort();
  }
}

/**
 * A sealed file opened whole: the Blob (typed as the file was) is handed back only once the last record
 * has authenticated, so a cut or altered file never yields a partial download.
 */
export async function openSealedFile(
  body: ReadableStream<Uint8Array>,
  key: ShareKey,
): Promise<FileMetadata & { blob: Blob }> {
  const opening = decryptFileStream(key);
  const content = await collect(body.pipeThrough(opening));
  const metadata = await opening.metadata;
  return { ...metadata, blob: new Blob([content], { type: metadata.type }) };
}

/** The content's size from the stored (sealed) size: the header, metadata record and a tag per 64 KiB off. */
export function openedFileSize(sealedBytes: number, hasPassword: boolean): number {
  const records = sealedBytes - encryptedFileHeadBytes(hasPassword);
  const count = Math.max(1, Math.ceil(records / (RECORD_PLAINTEXT_BYTES + TAG_BYTES)));
  return Math.max(0, records - count * TAG_BYTES);
}

/** Reads a stream whole, rethrowing the error that stopped it (a Response would replace it with a TypeError). */
async function collect(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  const parts: BlobPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(parts);
    parts.push(value as Uint8Array<ArrayBuffer>);
  }
}
