import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clip } from '@clipsync/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startS3Server } from '../../test/s3-server';
import { createTestDatabase } from '../../test/test-database';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `npm run backup -- <command> <folder>` as an operator runs it, with a node's settings in its env. */
function runBackupCli(
  command: string,
  folder: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', command, folder], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * Backups (docs/deployment.md#backups), tested once end to end: a deployment on PostgreSQL and S3 is backed up while it
 * runs, restored into an empty database and an empty bucket, and a node on the restored pair serves the
 * same account, clip and file.
 */
describe('backup and restore', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const deployment = async (bucket: string, { empty = false } = {}) => {
    const [database, s3] = [await createTestDatabase({ empty }), await startS3Server(bucket)];
    cleanups.push(
      () => database.drop(),
      () => s3.close(),
    );
    return { env: { ...s3.env, DATABASE_URL: database.url }, s3 };
  };
  const node = async (env: Record<string, string>) => {
    const app = await buildTestApp(env);
    cleanups.push(() => app.close());
    return app;
  };

  test('a running deployment backed up and restored into an empty database and bucket serves the same account, clip and file', async () => {
    const source = await deployment('source');
    const running: TestApp = await node(source.env);
    const owner = await running.factory.user({ password: 'backed up password' });
    const clip = await running.factory.clip({ owner, content: 'worth keeping' });
    const bytes = randomBytes(200_000);
    await running.factory.file({ owner, clipId: clip.id, name: 'kept.bin', content: bytes });
    const folder = await mkdtemp(join(tmpdir(), 'clipsync-backup-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));

    const created = await runBackupCli('create', folder, source.env);
    expect(created.code, created.output).toBe(0);

    // Restored into a database with no tables at all, as an operator's new server has.
    const target = await deployment('target', { empty: true });
    const restored = await runBackupCli('restore', folder, target.env);
    expect(restored.code, restored.output).toBe(0);
    expect((await target.s3.contents()).objects).toHaveLength(1);

    const revived = await node(target.env);
    const login = await revived
      .as(null)
      .post('/api/auth/login', { email: owner.email, password: 'backed up password' });
    expect(login.statusCode).toBe(200);
    const reopened = (await revived.as(null).get(`/api/clipboard/${clip.id}`)).json<Clip>();
    expect(reopened.content).toBe('worth keeping');
    const download = await revived.as(null).get(new URL(reopened.files[0]?.url ?? '', 'http://localhost').pathname);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  }, 120_000);

  test('a folder without its manifest (a backup cut short) is refused, and nothing is restored', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'clipsync-backup-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const target = await deployment('empty');

    const restored = await runBackupCli('restore', folder, target.env);

    expect(restored.code).not.toBe(0);
    expect(restored.output).toContain('manifest.json');
    expect((await target.s3.contents()).objects).toEqual([]);
  }, 60_000);
});
