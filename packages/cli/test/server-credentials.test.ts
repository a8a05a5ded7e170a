import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { writeStoredConfig } from '../src/config';
import { startCliHarness, type CliHarness } from './harness';

const WARNING = /^clipsync: warning: (\S+) is plain http:\/\/: the token and your clips cross the network unencrypted/m;
const warningsIn = (stderr: string) => stderr.split('\n').filter((line) => WARNING.test(line));

describe('the stored token goes to the stored server only', () => {
  let h: CliHarness;
  let user: TestUser;
  let storedToken: string;
  /** Another server, as CLIPSYNC_URL may name one: it keeps the headers of every request it gets. */
  let other: Server;
  let otherUrl: string;
  const received: IncomingHttpHeaders[] = [];
  const io = () => ({ platform: 'linux' as const, env: { XDG_CONFIG_HOME: h.configHome }, homedir: h.home });

  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    storedToken = (await h.tokenOf(user)).token;
    await writeStoredConfig(io(), { server: h.server, token: storedToken });
    other = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      response
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: 'Not signed in', code: 'UNAUTHORIZED' }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    await h.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  test.each([
    ['ls'],
    ['whoami'],
    ['pull'],
    ['push', '--text', 'x'],
    ['desktop', 'ls'],
    ['send', '--to', 'x', '--text', 'y'],
  ])(
    'clipsync %s with CLIPSYNC_URL naming another server sends it nothing, and says to set CLIPSYNC_TOKEN',
    async (...argv) => {
      const result = await h.cli(argv, { env: { CLIPSYNC_URL: otherUrl } });
      expect(result.code).toBe(3);
      expect(received).toEqual([]);
      expect(result.stderr).toBe(
        `clipsync: CLIPSYNC_URL names ${otherUrl}, but this machine is signed in to ${h.server}, and its token is ` +
          `sent there only. Set CLIPSYNC_TOKEN to a token of ${otherUrl} (made on its "Access tokens" page), ` +
          `or unset CLIPSYNC_URL to use ${h.server}\n`,
      );
    },
  );

  test('with --json, the refusal is UNAUTHORIZED', async () => {
    const result = await h.cli(['ls', '--json'], { env: { CLIPSYNC_URL: otherUrl } });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(received).toEqual([]);
  });

  test('CLIPSYNC_TOKEN given with it is the one sent there', async () => {
    const result = await h.cli(['ls'], { env: { CLIPSYNC_URL: otherUrl, CLIPSYNC_TOKEN: 'csp_for_the_other' } });
    expect(result.code).toBe(3);
    expect(received.map((headers) => headers.authorization)).toEqual(['Bearer csp_for_the_other']);
  });

  test('logout with CLIPSYNC_URL naming another server revokes nothing and keeps the stored sign-in', async () => {
    const result = await h.cli(['logout'], { env: { CLIPSYNC_URL: otherUrl } });
    expect(result.code).toBe(0);
    expect(received).toEqual([]);
    expect(result.stderr).toContain(`Not signed in to ${otherUrl}: nothing to do`);
    const stored = JSON.parse(await readFile(join(h.configHome, 'clipsync', 'config.json'), 'utf8'));
    expect(stored).toEqual({ server: h.server, token: storedToken });
    const stillValid = await h.cli(['whoami']);
    expect(stillValid.code, stillValid.stderr).toBe(0);
  });

  test('CLIPSYNC_URL naming the stored server, written another way, uses the stored token', async () => {
    const result = await h.cli(['whoami'], { env: { CLIPSYNC_URL: `${h.server.replace('http', 'HTTP')}/` } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`server: ${h.server}`);
  });
});

describe('a token sent over plain http:// beyond the local network', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: { CLIPSYNC_TOKEN: string };
  /** The origins the CLI asked for, each answered by the test server on 127.0.0.1 (no traffic leaves the machine). */
  const asked: string[] = [];

  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = { CLIPSYNC_TOKEN: (await h.tokenOf(user)).token };
    const files = [join(h.home, 'a.txt'), join(h.home, 'b.txt')];
    await Promise.all(files.map((path) => writeFile(path, path)));
    const pushed = await h.cli(['push', '--text', 'two files', ...files], { env: { ...env, CLIPSYNC_URL: h.server } });
    expect(pushed.code, pushed.stderr).toBe(0);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    asked.length = 0;
    const realFetch = globalThis.fetch;
    const local = new URL(h.server);
    // As if each host name resolved to this machine: the request goes to the test server, whatever it names.
    vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
      const url = new URL(input);
      asked.push(url.origin);
      url.protocol = local.protocol;
      url.host = local.host;
      return realFetch(url, init);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  test('is warned of on stderr, once, however many requests the command makes', async () => {
    const server = `http://clips.example.com:${new URL(h.server).port}`;
    const pulled = await h.cli(['pull', '--files', join(h.home, 'out')], { env: { ...env, CLIPSYNC_URL: server } });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(asked.length).toBeGreaterThan(2);
    expect(new Set(asked)).toEqual(new Set([server]));
    expect(warningsIn(pulled.stderr)).toEqual([
      `clipsync: warning: ${server} is plain http://: the token and your clips cross the network unencrypted, readable and changeable by anyone on the way. Use its https:// address.`,
    ]);
  });

  test('also for the stored sign-in, and for logout', async () => {
    const server = 'http://203.0.113.5';
    await writeStoredConfig(
      { platform: 'linux', env: { XDG_CONFIG_HOME: h.configHome }, homedir: h.home },
      { server, token: (await h.tokenOf(user)).token },
    );
    const whoami = await h.cli(['whoami']);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(warningsIn(whoami.stderr)).toHaveLength(1);
    const logout = await h.cli(['logout']);
    expect(logout.code, logout.stderr).toBe(0);
    expect(warningsIn(logout.stderr)).toHaveLength(1);
  });

  test('is warned of by login, before the code it shows', async () => {
    const server = `http://clips.example.com:${new URL(h.server).port}`;
    const login = await h.cli(['login', server, '--no-qr'], {
      // The person answers "No" in the browser: the sign-in ends, the warning was said before the code.
      sleep: async (_ms, stderrSoFar) => {
        const code = /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(stderrSoFar())?.[1];
        await h.testApp.as(user).post('/api/device/deny', { userCode: code });
      },
    });
    expect(login.code).not.toBe(0);
    expect(warningsIn(login.stderr)).toHaveLength(1);
    expect(login.stderr.indexOf('clipsync: warning:')).toBeLessThan(login.stderr.indexOf('Your code:'));
  });

  test.each(['https://clips.example.com', 'http://192.168.1.20:3000', 'http://nas.local', 'http://localhost'])(
    'is not warned of for %s (https, or this machine and its local network)',
    async (server) => {
      const result = await h.cli(['ls'], { env: { ...env, CLIPSYNC_URL: server } });
      expect(result.code, result.stderr).toBe(0);
      expect(asked[0]).toBe(new URL(server).origin);
      expect(warningsIn(result.stderr)).toEqual([]);
    },
  );
});
