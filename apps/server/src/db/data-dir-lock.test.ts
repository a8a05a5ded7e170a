import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const makeDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clipsync-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  test('a second holder is refused with a message naming the directory', async () => {
    const dir = await makeDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(dir);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  test('a lock left by a dead process is taken over', async () => {
    const dir = await makeDir();
    // PIDs are capped far below this on Linux, so no process can have it.
    await writeFile(join(dir, 'clipsync.lock'), JSON.stringify({ pid: 2 ** 30, host: hostname() }));
    const lock = await lockDataDir(dir);
    expect(JSON.parse(await readFile(join(dir, 'clipsync.lock'), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });
});
