import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * DATA_DIR holds the database, the signing secret and every user's files: only the server's own user may
 * read it. A data directory that is not private yet (left by an older version, or a hand-made copy) has
 * everything in it made private at start; the process's umask keeps what it creates later private (main.ts).
 */
export async function secureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR });
  // A root already private was walked by an earlier start, and the umask has kept what came since
  // private: the walk (every upload's lstat) is paid once, not at every start. The embedded database is
  // walked every time: its first open copies initdb's files in with modes of their own (0666), which no
  // umask narrows, and a first `db:migrate` may have made them; it holds ~1000 files, a few ms.
  if (((await lstat(dataDir)).mode & 0o777) === PRIVATE_DIR) {
    await makePrivate(join(dataDir, EMBEDDED_DATABASE_DIR));
    return;
  }
  await chmod(dataDir, PRIVATE_DIR);
  await makePrivate(dataDir);
}

/** The embedded database's folder under DATA_DIR (db/client.ts). */
const EMBEDDED_DATABASE_DIR = 'pglite';

/** Everything under `root` private to its user; a root that is not there is left so. */
async function makePrivate(root: string): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    ignoreVanished(error as NodeJS.ErrnoException);
    return [];
  });
  await Promise.all(
    entries.map(async (entry) => {
      // Symbolic links are not followed: their targets are not ours to change.
      if (!entry.isDirectory() && !entry.isFile()) return;
      const path = join(entry.parentPath, entry.name);
      const wanted = entry.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
      const { mode } = await lstat(path).catch(() => ({ mode: wanted }));
      if ((mode & 0o777) !== wanted) await chmod(path, wanted).catch(ignoreVanished);
    }),
  );
}

/** A file removed while we walked (a temporary one) needs no mode. */
function ignoreVanished(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
