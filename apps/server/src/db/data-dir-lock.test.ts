import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  test('a second holder is refused with a message naming the directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clipsync-lock-'));
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(dir);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  test('a lock left by a dead process is taken over', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clipsync-lock-'));
    // PIDs are capped far below this on Linux, so no process can have it.
    await writeFile(join(dir, 'clipsync.lock'), JSON.stringify({ pid: 2 ** 30, host: hostname() }));
    const lock = await lockDataDir(dir);
    expect(JSON.parse(await readFile(join(dir, 'clipsync.lock'), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });
});
