import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@clipsync/shared';
import { AppError } from '../lib/app-error';
import { newId } from '../lib/secure-tokens';
import { FileTooLargeError, type FileStore } from './file-store';

/**
 * Streams an upload into the store under a new key, refusing it past SPEC §5's 10 MB with SPEC's words
 * (413 `PAYLOAD_TOO_LARGE`). The caller records it in the database and, if that fails, deletes the key.
 */
export async function storeUpload(
  files: FileStore,
  name: string,
  stream: Readable,
): Promise<{ storageKey: string; size: number }> {
  const storageKey = newId();
  try {
    const { size } = await files.put(storageKey, stream, { maxBytes: MAX_UPLOAD_BYTES });
    return { storageKey, size };
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `${name} exceeds the 10MB limit. Please choose a smaller file.`);
    }
    throw error;
  }
}
