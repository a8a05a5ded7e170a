import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { newId } from '../lib/secure-tokens';
import { FileNotFoundError, RangeNotSatisfiableError, type FileStore } from './file-store';
import { assertByteRange, assertSafeKey, countBytes } from './store-rules';

/**
 * Files move through the disk in chunks of 1 MiB rather than Node's 16/64 KiB defaults: a 10 MB file is
 * ten writes or reads instead of hundreds, each a trip through libuv's thread pool (bench file-transfer).
 */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/**
 * Files under DATA_DIR/files. Uploads stream into `tmp/` and are renamed into place only when complete,
 * so a crash or an oversized upload never leaves a half file behind a database row; `tmp/` is swept at start
 * by the server (`sweepTemporary`), never by a tool such as the backup, which may run beside a live server.
 */
export async function createLocalDiskStore(root: string, { sweepTemporary = true } = {}): Promise<FileStore> {
  const tmpDir = join(root, 'tmp');
  if (sweepTemporary) await rm(tmpDir, { recursive: true, force: true });
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key.slice(0, 2), key);
  };

  return {
    kind: 'disk',
    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      const temporary = join(tmpDir, newId());
      let size = 0;
      const writer = createWriteStream(temporary, { flags: 'wx', mode: 0o600, highWaterMark: STREAM_CHUNK_BYTES });
      try {
        await pipeline(
          body,
          countBytes(maxBytes, (total) => (size = total)),
          writer,
        );
        await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
        await rename(temporary, target);
        return { size };
      } catch (error) {
        // A body that fails while the file is still being opened (libuv's thread pool is slow under load)
        // settles Node's pipeline at once, before the writer it destroyed has opened the file and closed it
        // (pipeline counts that error more than once). Removed before then, the file would be created after
        // the removal and stay in tmp/ (a cut multipart upload left one in CI). A destroyed writer always
        // closes, so the upload's error answer also waits until the file is gone.
        if (!writer.closed) await new Promise<void>((closed) => writer.once('close', closed));
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      if (range) assertByteRange(range);
      let size: number;
      try {
        ({ size } = await stat(path));
      } catch {
        throw new FileNotFoundError(key);
      }
      if (range && range.start >= size) throw new RangeNotSatisfiableError(`${key} ends before byte ${range.start}`);
      const length = range ? Math.min(range.end + 1, size) - range.start : size;
      // Each read allocates a whole chunk: a small file gets a chunk its size, not a megabyte.
      const highWaterMark = Math.min(Math.max(length, 1), STREAM_CHUNK_BYTES);
      return createReadStream(path, { ...range, highWaterMark });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await stat(tmpDir);
      await readdir(tmpDir);
    },
    async close() {},
  };
}
