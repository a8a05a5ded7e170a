import type { ClipFileSummary } from '@clipsync/shared';
import type { FileMetadata, ShareKey } from '@clipsync/shared/crypto';
import { useQueries } from '@tanstack/react-query';
import { encryptedFileHeadBytes, openSealedFile, readSealedMetadata } from '../lib/sealed-files';
import { clipsApi } from './clips-api';

/**
 * A number per key, for query keys: the key itself must never be written into one (query keys are
 * serialised), and names opened with one key must not answer for another.
 */
const keyIds = new WeakMap<ShareKey, number>();
let lastKeyId = 0;
function idOf(key: ShareKey): number {
  let id = keyIds.get(key);
  if (id === undefined) {
    lastKeyId += 1;
    id = lastKeyId;
    keyIds.set(key, id);
  }
  return id;
}

/**
 * The sealed names and types of an end-to-end encrypted clip's files, each read from the first bytes of
 * its download (docs/encryption.md#files) and opened with the clip's key. A failure is a DecryptError
 * (or the download's ApiError) in that file's `error`.
 */
export function useSealedFileMetadata(files: readonly ClipFileSummary[], key: ShareKey) {
  return useQueries({
    queries: files.map((file) => ({
      queryKey: ['sealed-file', idOf(key), file.url] as const,
      queryFn: async (): Promise<FileMetadata> =>
        readSealedMetadata(
          await clipsApi.readFile(file.url, { headBytes: encryptedFileHeadBytes(key.hasPassword) }),
          key,
        ),
      staleTime: Infinity,
      retry: false,
    })),
  });
}

/** A sealed file downloaded whole and opened: its real name, type and content, once all of it authenticated. */
export async function readSealedFile(url: string, key: ShareKey) {
  return openSealedFile(await clipsApi.readFile(url), key);
}
