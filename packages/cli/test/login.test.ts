import { stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expireDeviceSignIns, movePolledDeviceSignInsBack, type TestUser } from '@clipsync/server/testing';
import { CLI_SCOPES } from '../src/commands/login';
import { startCliHarness, type CliHarness } from './harness';

/** The code the CLI told the person to check, from what it printed. */
const userCodeIn = (stderr: string) => /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(stderr)?.[1];

describe('clipsync login, whoami and logout against a real server', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await startCliHarness();
  });
  afterAll(() => h.close());

  /**
   * `clipsync login` with its waits made instant: instead, the server's record of the last poll is moved
   * back by the wait (as if the time had passed), so the server still sees its interval kept and the real
   * protocol runs. `during(n, code)` is what the person does in the browser during the n-th wait; when it
   * answers 'too-early', the wait is not counted as passed (the CLI polled too soon).
   */
  async function login(during: (n: number, code: string) => Promise<void | 'too-early'>, env = {}) {
    const slept: number[] = [];
    const result = await h.cli(['login', h.server], {
      env,
      sleep: async (ms, stderrSoFar) => {
        slept.push(ms);
        const code = userCodeIn(stderrSoFar());
        if (!code) throw new Error(`no code printed before the first wait: ${stderrSoFar()}`);
        if ((await during(slept.length, code)) === 'too-early') return;
        await movePolledDeviceSignInsBack(h.testApp, ms);
      },
    });
    return { ...result, slept };
  }
  /** The browser's decision; an approval leaves ticked what the CLI asked for, unless told. */
  const decide = (user: TestUser, code: string, decision: 'approve' | 'deny', scopes = [...CLI_SCOPES]) =>
    h.testApp.as(user).post(`/api/device/${decision}`, { userCode: code, ...(decision === 'approve' && { scopes }) });
  const configFile = () => join(h.configHome, 'clipsync', 'config.json');

  test('login prints the code, the link and a QR code, and stores the approved token for whoami (file 0600)', async () => {
    const user = await h.testApp.factory.user({ name: 'Grace Hopper' });
    const login1 = await login(async (n, code) => {
      // The browser shows what the device asked for before the person approves.
      const details = await h.testApp.as(user).post('/api/device/lookup', { userCode: code });
      expect(details.json()).toMatchObject({
        clientName: `clipsync CLI on ${hostname()}`,
        scopes: ['clips:read', 'clips:write', 'desktop'],
        network: 'same',
      });
      if (n === 2) expect((await decide(user, code, 'approve')).statusCode).toBe(204);
    });
    expect(login1.code, login1.stderr).toBe(0);
    // Polled after the server's interval each time; approved during the second wait.
    expect(login1.slept).toEqual([5000, 5000]);
    const code = userCodeIn(login1.stderr)!;
    expect(login1.stderr).toContain(`http://localhost:3000/device?code=${code}`);
    expect(login1.stderr).toContain('or open http://localhost:3000/device and type the code');
    expect(login1.stderr).toContain('answer yes only if it is exactly this one');
    expect(login1.stderr).not.toContain('Note: not approved');
    expect(login1.stderr).toMatch(/[▀▄█]/);
    expect(login1.stdout).toContain(`Signed in to ${h.server} as ${user.email}`);

    const file = await stat(configFile());
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(join(h.configHome, 'clipsync'))).mode & 0o777).toBe(0o700);

    const whoami = await h.cli(['whoami']);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(`Grace Hopper <${user.email}>`);
    expect(whoami.stdout).toContain(`server: ${h.server}`);
    expect(whoami.stdout).toContain(`token:  clipsync CLI on ${hostname()} (clips:read, clips:write, desktop)`);

    const asJson = await h.cli(['whoami', '--json']);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      server: h.server,
      user: { email: user.email, name: 'Grace Hopper' },
      token: { source: 'device', scopes: ['clips:read', 'clips:write', 'desktop'] },
    });

    // logout revokes the token on the server, then forgets it here.
    const tokens = await h.testApp.as(user).get('/api/tokens');
    expect(tokens.json().tokens).toHaveLength(1);
    const logout = await h.cli(['logout']);
    expect(logout.code, logout.stderr).toBe(0);
    expect((await h.testApp.as(user).get('/api/tokens')).json().tokens).toEqual([]);
    await expect(stat(configFile())).rejects.toThrow(/ENOENT/);
    const after = await h.cli(['whoami']);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('Not signed in');
  });

  test('after slow_down it waits five seconds longer between polls, as RFC 8628 asks', async () => {
    const user = await h.testApp.factory.user();
    const result = await login(async (n, code) => {
      if (n === 2) return 'too-early';
      if (n === 3) await decide(user, code, 'approve');
    });
    expect(result.code, result.stderr).toBe(0);
    // First poll pending; the second came too soon (slow_down); the third, 10 s later, gets the token.
    expect(result.slept).toEqual([5000, 5000, 10_000]);
    await h.cli(['logout']);
  });

  test('a scope unticked in the browser is left out of the token, and login says so', async () => {
    const user = await h.testApp.factory.user();
    const result = await login(async (_n, code) => {
      expect((await decide(user, code, 'approve', ['clips:read', 'clips:write'])).statusCode).toBe(204);
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Note: not approved: desktop.');
    const whoami = await h.cli(['whoami', '--json']);
    expect(JSON.parse(whoami.stdout).token.scopes).toEqual(['clips:read', 'clips:write']);
    await h.cli(['logout']);
  });

  test('a denied sign-in says so, exits 1 and stores nothing', async () => {
    const user = await h.testApp.factory.user();
    const result = await login(async (_n, code) => void (await decide(user, code, 'deny')));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The sign-in was denied in the browser');
    await expect(stat(configFile())).rejects.toThrow(/ENOENT/);
  });

  test('an expired code says to start again, and --json gives the server’s code', async () => {
    const result = await h.cli(['login', h.server, '--json'], {
      sleep: async () => {
        await expireDeviceSignIns(h.testApp);
      },
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr.trim().split('\n').at(-1)!)).toMatchObject({ code: 'EXPIRED_TOKEN' });
    const plain = await h.cli(['login', h.server], {
      sleep: async () => {
        await expireDeviceSignIns(h.testApp);
      },
    });
    expect(plain.stderr).toContain('The code expired before it was approved. Run clipsync login again');
  });

  test('signing in again replaces the stored token and revokes the old one', async () => {
    const user = await h.testApp.factory.user();
    const approve = async (_n: number, code: string) => void (await decide(user, code, 'approve'));
    expect((await login(approve)).code).toBe(0);
    const [first] = (await h.testApp.as(user).get('/api/tokens')).json().tokens;
    expect((await login(approve)).code).toBe(0);
    const live = (await h.testApp.as(user).get('/api/tokens')).json().tokens;
    expect(live).toHaveLength(1);
    expect(live[0].id).not.toBe(first.id);
    expect((await h.cli(['whoami'])).code).toBe(0);
    await h.cli(['logout']);
  });

  test('login without a server says how to give one (exit 2)', async () => {
    const result = await h.cli(['login']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Which server?');
  });

  test('logout of a token already revoked on the server still forgets it here', async () => {
    const user = await h.testApp.factory.user();
    expect((await login(async (_n, code) => void (await decide(user, code, 'approve')))).code).toBe(0);
    const [token] = (await h.testApp.as(user).get('/api/tokens')).json().tokens;
    await h.testApp.as(user).delete(`/api/tokens/${token.id}`);
    const ls = await h.cli(['ls']);
    expect(ls.code).toBe(3);
    expect(ls.stderr).toContain('Run clipsync login');
    const logout = await h.cli(['logout']);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toContain('already revoked');
    await expect(stat(configFile())).rejects.toThrow(/ENOENT/);
  });
});
