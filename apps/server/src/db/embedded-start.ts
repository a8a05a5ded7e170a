import { join } from 'node:path';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { initialisePgliteInChild } from './pglite-first-open';
import { PgliteWorker } from './pglite-worker-client';

/** DATABASE_URL's value for PGlite in memory (nothing on disk: a trial, the tests). */
export const MEMORY_DATABASE = 'memory://' as const;

/** The embedded database once started, before the app takes it (db/client.ts): its worker and DATA_DIR's lock. */
export interface StartedEmbeddedDatabase {
  worker: PgliteWorker;
  lock: DataDirLock | undefined;
}

/** Whether `databaseUrl` (DATABASE_URL) means the embedded database: unset, or `memory://`. */
export function isEmbeddedDatabase(databaseUrl: string | undefined): databaseUrl is undefined | typeof MEMORY_DATABASE {
  return !databaseUrl || databaseUrl === MEMORY_DATABASE;
}

/**
 * Starts PGlite in DATA_DIR (locked against a second process; an empty one initialised in a child process,
 * whose memory goes back when it exits), or in memory for `memory://`, on its worker thread, migrated. Only
 * node's own modules and the worker's client are needed, so main.ts calls it before the rest of the server
 * loads: the database opens on its thread while the app's modules load on the main one.
 */
export async function startEmbeddedDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<StartedEmbeddedDatabase> {
  const onDisk = databaseUrl !== MEMORY_DATABASE;
  const lock = onDisk ? await lockDataDir(dataDir) : undefined;
  try {
    const pgliteDir = onDisk ? join(dataDir, 'pglite') : undefined;
    if (pgliteDir) await initialisePgliteInChild(pgliteDir);
    return { worker: await PgliteWorker.start({ dataDir: pgliteDir }), lock };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}
