import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FileStore } from './file-store';
import { fileStoreContract } from './file-store.contract';
import { createLocalDiskStore } from './local-disk';

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
});
