import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSourceServer } from '../test/server-process';

/** How the server process ends, from outside: what a supervisor (systemd, Docker) sees. */
describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clipsync-serve-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test('exits non-zero when its embedded database worker dies, so that a supervisor restarts it', async () => {
    const server = startSourceServer({ DATA_DIR: join(dataDir, 'lost') }, 'test/serve-losing-database.ts');
    const address = await server.ready;
    expect((await fetch(`${address}/api/ready`)).status).toBe(200);

    server.child.kill('SIGUSR2');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('the embedded database is gone: exiting so that the server is restarted');
  }, 60_000);

  test('exits 0 on SIGTERM: a worker closed with the server is not a death', async () => {
    const server = startSourceServer({ DATA_DIR: join(dataDir, 'closed') }, 'test/serve-losing-database.ts');
    await server.ready;

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('the embedded database is gone');
  }, 60_000);
});
