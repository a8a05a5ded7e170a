import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveJwtSecret } from './secret';

describe('the signing secret kept in DATA_DIR', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clipsync-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  test('JWT_SECRET wins and nothing is written', async () => {
    const dir = await dataDir();
    expect(await resolveJwtSecret('configured-secret-that-is-32-characters', dir)).toBe(
      'configured-secret-that-is-32-characters',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  test('a first start makes one of 64 characters, private, and every later start reads the same', async () => {
    const dir = await dataDir();
    const first = await resolveJwtSecret(undefined, dir);
    expect(first).toMatch(/^[\w-]{64}$/);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveJwtSecret(undefined, dir)).toBe(first);
  });

  test('starters racing on an empty DATA_DIR all sign with the one secret on disk', async () => {
    const dir = await dataDir();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveJwtSecret(undefined, dir)));
    const onDisk = (await readFile(join(dir, 'jwt-secret'), 'utf8')).trim();
    expect(new Set(secrets)).toEqual(new Set([onDisk]));
    expect(await readdir(dir)).toEqual(['jwt-secret']);
  });

  test.each(['', '\n', 'cut-short'])('a stored secret of %j (a crash mid-write) is replaced', async (content) => {
    const dir = await dataDir();
    await writeFile(join(dir, 'jwt-secret'), content, { mode: 0o600 });
    const secret = await resolveJwtSecret(undefined, dir);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
  });
});
