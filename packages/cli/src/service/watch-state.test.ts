import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readWatchState, watchStatePath, WatchStateWriter } from './watch-state';

const home = await mkdtemp(join(tmpdir(), 'clipsync-state-'));
afterAll(() => rm(home, { recursive: true, force: true }));
const io = { env: { XDG_CONFIG_HOME: join(home, 'config') }, platform: 'linux' as const, homedir: home };

describe('the watch state file', () => {
  test('keeps the last sync and the last problem, written in order, readable by the user alone', async () => {
    let now = Date.parse('2026-11-27T05:00:00.000Z');
    const writer = new WatchStateWriter(watchStatePath(io), () => new Date((now += 1_000)));
    expect(await readWatchState(io)).toBeNull();
    void writer.synced();
    void writer.failed('connection lost (transport close), reconnecting…');
    await writer.synced();
    expect(await readWatchState(io)).toEqual({
      lastSyncAt: '2026-11-27T05:00:03.000Z',
      lastError: { at: '2026-11-27T05:00:02.000Z', message: 'connection lost (transport close), reconnecting…' },
    });
    const path = watchStatePath(io);
    expect(path).toBe(join(home, 'config', 'clipsync', 'watch-state.json'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8')).lastSyncAt).toBe('2026-11-27T05:00:03.000Z');
  });

  test('a file that is not ours reads as none (it is only shown)', async () => {
    await writeFile(watchStatePath(io), '{"lastSyncAt": "yesterday"}');
    expect(await readWatchState(io)).toBeNull();
  });
});
