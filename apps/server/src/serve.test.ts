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

  test('prints the start block once, beside the JSON log: the address, the first admin, where mails go', async () => {
    const server = startSourceServer({ DATA_DIR: join(dataDir, 'notice') }, 'test/serve-losing-database.ts');
    const address = await server.ready;
    await expect.poll(() => server.output()).toContain('ClipSync is ready');
    const port = new URL(address).port;
    expect(server.output().split(`ClipSync is ready: open http://localhost:${port}`)).toHaveLength(2);
    expect(server.output()).toContain("the first account to confirm its address becomes this server's admin.");
    expect(server.output()).toContain(`http://localhost:${port}/api/dev/outbox`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

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
