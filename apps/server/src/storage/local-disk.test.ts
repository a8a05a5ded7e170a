import type * as fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { FileStore } from './file-store';
import { fileStoreContract } from './file-store.contract';
import { createLocalDiskStore } from './local-disk';

/** How long the store's write streams take to open their file: 0 but in the test of a slow open. */
const openDelay = vi.hoisted(() => ({ ms: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const slowOpen = (...args: Parameters<typeof real.open>) => {
    setTimeout(() => Reflect.apply(real.open, real, args), openDelay.ms);
  };
  return {
    ...real,
    createWriteStream: (path: fs.PathLike, options: Exclude<Parameters<typeof real.createWriteStream>[1], string>) =>
      real.createWriteStream(path, openDelay.ms ? { ...options, fs: { ...real, open: slowOpen } } : options),
  };
});

describe('local disk FileStore', () => {
  let root: string;
  let store: FileStore;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'clipsync-files-'));
    store = await createLocalDiskStore(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  // Every file under the root, `tmp/` included: a half-written upload counts as left behind.
  fileStoreContract(() => ({ store, contents: async () => (await readdir(root, { recursive: true })).sort() }));

  /**
   * A body that fails while the temporary file is still being opened (libuv's thread pool is slow under
   * load): Node's pipeline rejects at once, before its destroyed write stream has opened, then closed, the
   * file. The store must not remove the file before then, or the open creates it after the removal and it
   * stays (a cut multipart upload left one behind in CI).
   */
  test('a body that fails while its temporary file is still opening leaves nothing behind', async () => {
    openDelay.ms = 50;
    try {
      const body = new PassThrough();
      const upload = store.put('slow-open-key', body, { maxBytes: 1024 });
      body.write('the start of a file');
      await sleep(5);
      body.destroy(new Error('Unexpected end of multipart data'));
      await expect(upload).rejects.toThrow('Unexpected end of multipart data');
      // Past the open: a file it created after the store gave up would be here now.
      await sleep(100);
      expect(await readdir(join(root, 'tmp'))).toEqual([]);
    } finally {
      openDelay.ms = 0;
    }
  });
});
