import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBackup, databaseCommandTarget } from './backup';

const DATABASE_URL = 'postgres://clipsync:s3cret%21pw@db.internal:5432/clipsync?sslmode=disable';

/**
 * The backup's own file handling, without PostgreSQL: a stand-in `pg_dump` first on PATH records what it
 * was given (its arguments are what `ps` shows everyone) and writes a dump as a careless umask would.
 */
describe('backup files and the database password', () => {
  let testApp: TestApp;
  let bin: string;
  let record: string;
  const folders: string[] = [];
  const originalPath = process.env.PATH;

  beforeAll(async () => {
    testApp = await buildTestApp();
    bin = await mkdtemp(join(tmpdir(), 'clipsync-fake-pg-'));
    record = join(bin, 'record');
    await mkdir(record);
    const script = [
      '#!/bin/sh',
      'umask 022',
      `printf '%s\\n' "$@" > '${record}/argv'`,
      `printf '%s' "$PGPASSWORD" > '${record}/password'`,
      'for arg in "$@"; do case "$arg" in --file=*) printf dump > "${arg#--file=}";; esac; done',
    ].join('\n');
    await writeFile(join(bin, 'pg_dump'), `${script}\n`, { mode: 0o755 });
    process.env.PATH = `${bin}${delimiter}${originalPath ?? ''}`;
  });
  afterAll(async () => {
    process.env.PATH = originalPath;
    await testApp.close();
    for (const folder of [bin, ...folders]) await rm(folder, { recursive: true, force: true });
  });
  const newFolder = async () => {
    const folder = await mkdtemp(join(tmpdir(), 'clipsync-backup-'));
    folders.push(folder);
    return folder;
  };
  const backUp = (folder: string) =>
    createBackup({ databaseUrl: DATABASE_URL, db: testApp.context.db, files: testApp.context.files, folder });

  test('the password is handed over in PGPASSWORD, never in the arguments', async () => {
    const folder = await newFolder();
    await backUp(folder);
    const argv = await readFile(join(record, 'argv'), 'utf8');
    expect(argv).not.toContain('s3cret');
    expect(argv).toContain('postgres://clipsync@db.internal:5432/clipsync?sslmode=disable');
    expect(await readFile(join(record, 'password'), 'utf8')).toBe('s3cret!pw');
    expect(databaseCommandTarget('postgres://a@h/db?password=inquery').url).toBe('postgres://a@h/db');
    expect(databaseCommandTarget('postgres://a@h/db?password=inquery').env.PGPASSWORD).toBe('inquery');
  });

  test('the dump, the files and the manifest are written 0600, even over a readable dump', async () => {
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner });
    await testApp.factory.file({ owner, clipId: clip.id, content: Buffer.from('kept') });
    const folder = await newFolder();
    await writeFile(join(folder, 'database.dump'), 'older', { mode: 0o644 });
    await chmod(join(folder, 'database.dump'), 0o644);

    const manifest = await backUp(folder);

    expect(manifest.files).toBe(1);
    const [key] = await readdir(join(folder, 'files'));
    for (const path of ['database.dump', 'manifest.json', join('files', key ?? '')]) {
      expect(((await lstat(join(folder, path))).mode & 0o777).toString(8), path).toBe('600');
    }
  });

  test('a symbolic link in the backup folder is refused and its target left alone', async () => {
    const folder = await newFolder();
    const elsewhere = join(await newFolder(), 'victim');
    await writeFile(elsewhere, 'not the backup');
    await symlink(elsewhere, join(folder, 'manifest.json'));

    await expect(backUp(folder)).rejects.toThrow(/symbolic link/);
    expect(await readFile(elsewhere, 'utf8')).toBe('not the backup');
  });
});
