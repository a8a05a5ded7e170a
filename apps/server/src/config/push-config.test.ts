import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { resolveVapidKeys } from './vapid-keys';

const KEYS = webpush.generateVAPIDKeys();

describe('VAPID_* settings', () => {
  test('unset: a pair is kept in DATA_DIR; the subject is the first admin, else an https PUBLIC_URL', () => {
    expect(loadConfig({}).push).toEqual({ keys: undefined, subject: 'mailto:clipsync@localhost', trustedHosts: [] });
    expect(loadConfig({ ADMIN_EMAILS: 'ops@example.com,b@example.com' }).push.subject).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://clips.example.com/app' }).push.subject).toBe('https://clips.example.com');
  });

  test('both keys set them; VAPID_SUBJECT is taken as written', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: KEYS.publicKey,
      VAPID_PRIVATE_KEY: KEYS.privateKey,
      VAPID_SUBJECT: 'mailto:push@example.com',
    });
    expect(config.push).toEqual({ keys: KEYS, subject: 'mailto:push@example.com', trustedHosts: [] });
  });

  test('half a pair, a key of the wrong size or a subject that is no mailto:/https: URL stops the start', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: KEYS.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: KEYS.publicKey })).toThrow(/also set VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: KEYS.privateKey, VAPID_PRIVATE_KEY: KEYS.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be 65 bytes/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://clips.example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('PUSH_TRUSTED_HOSTS', () => {
  test('hosts as endpoint URLs name them: lower case, IPv6 in brackets, no final dot, each once', () => {
    const hosts = (value: string) => loadConfig({ PUSH_TRUSTED_HOSTS: value }).push.trustedHosts;
    expect(hosts(' Push.Home.LAN., 10.0.0.5 ,fd00:0::5,[FD00::6],push.home.lan')).toEqual([
      'push.home.lan',
      '10.0.0.5',
      '[fd00::5]',
      '[fd00::6]',
    ]);
    expect(hosts('')).toEqual([]);
  });

  test('a scheme, a port or a path stops the start: it would never match a host', () => {
    for (const value of ['https://push.home.lan', 'push.home.lan:8080', 'push.home.lan/push', '[fd00::5]:443', 'a b']) {
      expect(() => loadConfig({ PUSH_TRUSTED_HOSTS: value })).toThrow(/PUSH_TRUSTED_HOSTS: not a host name or IP/);
    }
  });
});

describe('the VAPID pair kept in DATA_DIR', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clipsync-vapid-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  test('made once (0600), read again on later starts, the same for starts that race', async () => {
    const [first, racing] = await Promise.all([
      resolveVapidKeys(undefined, dataDir),
      resolveVapidKeys(undefined, dataDir),
    ]);
    expect(racing).toEqual(first);
    expect(await resolveVapidKeys(undefined, dataDir)).toEqual(first);
    const file = join(dataDir, 'vapid-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
  });

  test('configured keys win, and nothing is written', async () => {
    expect(await resolveVapidKeys(KEYS, dataDir)).toEqual(KEYS);
    await expect(stat(join(dataDir, 'vapid-keys.json'))).rejects.toThrow();
  });

  test('a damaged file is named rather than replaced (the browsers subscribed with its key)', async () => {
    await writeFile(join(dataDir, 'vapid-keys.json'), '{"publicKey":""}');
    await expect(resolveVapidKeys(undefined, dataDir)).rejects.toThrow(/not a VAPID key pair/);
  });
});
