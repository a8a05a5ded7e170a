import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the local file store holds under `dataDir`: the kept files (sorted, so two readings compare equal) and
 * what waits in its temporary folder, for tests that check a refused or cut upload left nothing behind.
 */
export async function storedFilesIn(dataDir: string): Promise<{ kept: string[]; temporary: string[] }> {
  const root = join(dataDir, 'files');
  const dirs = (await readdir(root)).filter((name) => name !== 'tmp');
  const nested = await Promise.all(dirs.map((dir) => readdir(join(root, dir))));
  return { kept: nested.flat().sort(), temporary: await readdir(join(root, 'tmp')) };
}
