import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { EXIT } from '../src/exit-codes';
import { startCliHarness, type CliHarness } from './harness';

const MIB = 1024 * 1024;

describe('clipsync push of a file larger than the storage left', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness({ STORAGE_QUOTA_BYTES: String(5 * MIB) });
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  test('says which file, its size and the room left, and leaves no clip without its file', async () => {
    const report = join(h.home, 'report.pdf');
    await writeFile(report, Buffer.alloc(Math.round(6.04 * MIB), 1));

    const pushed = await h.cli(['push', '-t', 'x'.repeat(69), report], { env });

    expect(pushed.code).toBe(EXIT.TOO_LARGE);
    expect(pushed.stdout).toBe('');
    expect(pushed.stderr).toBe(
      'clipsync: report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB\nNothing was pushed.\n',
    );
    const stats = await h.testApp.as(user).get('/api/clipboard/stats');
    expect(stats.json()).toMatchObject({ totalClips: 0 });
  });
});
