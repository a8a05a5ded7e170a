import { mkdtemp, readdir, rm, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { configDirectory, normalizeServerUrl, readStoredConfig, resolveConfig, writeStoredConfig } from './config';

describe('the config folder', () => {
  test.each([
    ['linux', { XDG_CONFIG_HOME: '/x/cfg' }, '/x/cfg/clipsync'],
    ['linux', {}, '/home/ada/.config/clipsync'],
    ['darwin', {}, '/home/ada/Library/Application Support/clipsync'],
    ['win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada\\AppData\\Roaming\\clipsync'],
  ] as const)('on %s with %j: %s', (platform, env, expected) => {
    expect(configDirectory({ platform, env, homedir: '/home/ada' })).toBe(expected);
  });
});

describe('the stored sign-in', () => {
  let home: string;
  const io = () => ({ platform: 'linux' as const, env: { XDG_CONFIG_HOME: join(home, 'cfg') }, homedir: home });
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'clipsync-config-'));
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  test('is written 0600 in a 0700 folder, with no temporary file left, and read back', async () => {
    const path = await writeStoredConfig(io(), { server: 'http://localhost:3000', token: 'csp_secret' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, 'cfg', 'clipsync'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(home, 'cfg', 'clipsync'))).toEqual(['config.json']);
    expect(await readStoredConfig(io())).toEqual({ server: 'http://localhost:3000', token: 'csp_secret' });
  });

  test('replacing it keeps 0600 and tightens a folder made loose by hand', async () => {
    const folder = join(home, 'cfg', 'clipsync');
    await mkdir(folder, { recursive: true });
    await chmod(folder, 0o755);
    await writeFile(join(folder, 'config.json'), '{}', { mode: 0o644 });
    const path = await writeStoredConfig(io(), { server: 'http://a.example', token: 'csp_new' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  test('CLIPSYNC_URL and CLIPSYNC_TOKEN override the file; the stored token goes to the stored server only', async () => {
    await writeStoredConfig(io(), { server: 'http://stored.example', token: 'csp_stored' });
    const withUrl = { ...io(), env: { ...io().env, CLIPSYNC_URL: 'https://other.example/' } };
    expect(await resolveConfig(withUrl)).toEqual({
      server: 'https://other.example',
      token: null,
      serverFrom: 'env',
      tokenFrom: null,
      storedForOtherServer: 'http://stored.example',
    });
    const withBoth = { ...io(), env: { ...withUrl.env, CLIPSYNC_TOKEN: 'csp_env' } };
    expect(await resolveConfig(withBoth)).toMatchObject({ server: 'https://other.example', token: 'csp_env' });
    const withToken = { ...io(), env: { ...io().env, CLIPSYNC_TOKEN: 'csp_env' } };
    expect(await resolveConfig(withToken)).toMatchObject({ server: 'http://stored.example', token: 'csp_env' });
  });

  test.each(['http://stored.example', 'HTTP://Stored.Example:80/', 'http://stored.example/'])(
    'CLIPSYNC_URL=%s is the stored server, written another way: its token is used',
    async (given) => {
      await writeStoredConfig(io(), { server: 'http://stored.example', token: 'csp_stored' });
      expect(await resolveConfig({ ...io(), env: { ...io().env, CLIPSYNC_URL: given } })).toMatchObject({
        server: 'http://stored.example',
        token: 'csp_stored',
        tokenFrom: 'file',
        storedForOtherServer: null,
      });
    },
  );

  test.each([
    'stored.example',
    'https://stored.example',
    'http://stored.example:8080',
    'http://stored.example/other',
    'http://evil.example',
  ])('CLIPSYNC_URL=%s is another server: the stored token is held back', async (given) => {
    await writeStoredConfig(io(), { server: 'http://stored.example', token: 'csp_stored' });
    expect(await resolveConfig({ ...io(), env: { ...io().env, CLIPSYNC_URL: given } })).toMatchObject({
      token: null,
      storedForOtherServer: 'http://stored.example',
    });
  });

  test('a file that is not ours is an error, not an empty sign-in', async () => {
    await mkdir(join(home, 'cfg', 'clipsync'), { recursive: true });
    await writeFile(join(home, 'cfg', 'clipsync', 'config.json'), 'not json');
    await expect(readStoredConfig(io())).rejects.toThrow('is not a clipsync config file');
  });
});

describe('a server address as people type it', () => {
  test.each([
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['clips.example.com', 'https://clips.example.com'],
    ['https://example.com/clipsync/', 'https://example.com/clipsync'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });

  test('anything but http and https is refused', () => {
    expect(() => normalizeServerUrl('ftp://example.com')).toThrow('http:// or https://');
  });
});
