import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { AppError } from '../lib/app-error';
import { newId } from '../lib/secure-tokens';
import { toStoredFileName, toStoredMimeType } from '../lib/upload-metadata';
import { FileTooLargeError, type FileStore } from './file-store';

/** A file as it arrives: the name and type its sender gave, and its bytes. */
export interface IncomingUpload {
  name: string;
  type: string;
  stream: Readable;
}

/** A file as stored: its cleaned name and type, its size, and where its bytes are. */
export interface StoredUpload {
  name: string;
  type: string;
  size: number;
  storageKey: string;
}

/**
 * Streams an upload into the store under a new key, refusing it past 10 MB (MAX_UPLOAD_BYTES) with the
 * words the app shows (413 `PAYLOAD_TOO_LARGE`), then lets `record` write it to the database. If recording
 * fails (a quota reached meanwhile, a refused change), the stored bytes are deleted before the error goes
 * on: no file is kept that no row names. The name and type are cleaned here, once for every area.
 */
export async function storeUpload<T>(
  files: FileStore,
  upload: IncomingUpload,
  record: (stored: StoredUpload) => Promise<T>,
): Promise<T> {
  const name = toStoredFileName(upload.name);
  const storageKey = newId();
  let size: number;
  try {
    ({ size } = await files.put(storageKey, upload.stream, { maxBytes: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `${name} exceeds the 10MB limit. Please choose a smaller file.`);
    }
    throw error;
  }
  try {
    return await record({ name, type: toStoredMimeType(upload.type), size, storageKey });
  } catch (error) {
    await files.delete(storageKey);
    throw error;
  }
}
