import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite has no lock between processes (two on one directory silently lose writes), so the embedded mode
 * takes this lock file first. A lock whose process is gone (crash, kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): Promise<void>;
}

interface LockOwner {
  pid: number;
  host: string;
}

/** Whether a process of this machine runs (EPERM: it does, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'clipsync.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(file);
      const isHeld = owner !== null && (owner.host !== hostname() || isProcessAlive(owner.pid));
      if (isHeld) {
        throw new DataDirLockedError(
          `Another ClipSync process (pid ${owner.pid} on ${owner.host}) is already using DATA_DIR ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR or PORT.',
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
