import { execFile } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { writeStoredConfig } from '../src/config';
import type { CliIo } from '../src/io';
import { run } from '../src/main';
import { fakeTools, type FakeAnswer } from './fake-tools';
import { Captured } from './harness';

const TOKEN = 'cs_pat_never-in-a-service-file';
const NODE = '/opt/node 22/bin/node';
const SCRIPT = '/home/someone/clipsync/bin/clipsync.mjs';

const homes: string[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
});

/**
 * `clipsync` run in-process on `platform` in a temporary home (never the real one), with only `path` on PATH
 * (the fakes), signed in as `clipsync login` would leave it.
 */
async function machine(
  platform: NodeJS.Platform,
  path: string,
  env: Record<string, string> | ((home: string) => Record<string, string>) = {},
) {
  const home = await mkdtemp(join(tmpdir(), 'clipsync-service-home-'));
  homes.push(home);
  const baseEnv = { PATH: path, HOME: home, ...(typeof env === 'function' ? env(home) : env) };
  const ioFor = (stdout: Captured, stderr: Captured): CliIo => ({
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    stdout,
    stderr,
    env: baseEnv,
    cwd: home,
    platform,
    homedir: home,
    sleep: async () => {},
    launcher: { node: NODE, script: SCRIPT },
  });
  await writeStoredConfig(ioFor(new Captured(), new Captured()), { server: 'https://clips.example.com', token: TOKEN });
  return {
    home,
    async cli(...argv: string[]) {
      const stdout = new Captured();
      const stderr = new Captured();
      const code = await run(['watch', ...argv], ioFor(stdout, stderr));
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    },
  };
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('clipsync watch --install / --status / --uninstall on Linux (systemd user unit)', () => {
  const systemctl = (answers: FakeAnswer[] = []) => fakeTools({ systemctl: answers });

  test('writes the unit with this node and CLI, enables and starts it; status asks systemctl; uninstall removes it', async () => {
    const fakes = await systemctl([{ when: 'is-active', stdout: 'active\n' }]);
    const linux = await machine('linux', fakes.folder);
    const installed = await linux.cli('--install', '--receive-only', '--quiet');
    expect(installed).toMatchObject({ code: 0, stderr: '' });
    const unit = join(linux.home, '.config', 'systemd', 'user', 'clipsync-watch.service');
    expect(installed.stdout).toBe(`Wrote ${unit}\nThe watch runs now, and starts with every session.\n`);
    const content = await readFile(unit, 'utf8');
    expect(content).toContain(`ExecStart="${NODE}" "${SCRIPT}" "watch" "--service" "--receive-only" "--quiet"\n`);
    expect(content).not.toContain(TOKEN);
    expect(await modeOf(unit)).toBe(0o600);
    expect(await fakes.calls('systemctl')).toEqual([
      ['--user', 'daemon-reload'],
      ['--user', 'reset-failed', 'clipsync-watch.service'],
      ['--user', 'enable', '--now', 'clipsync-watch.service'],
    ]);

    const status = await linux.cli('--status');
    expect(status.stdout).toBe(
      `Installed: ${unit}, running\nLast sync: never\nConfig folder: ${join(linux.home, '.config', 'clipsync')}\n`,
    );
    const json = JSON.parse((await linux.cli('--status', '--json')).stdout);
    expect(json).toEqual({ path: unit, installed: true, running: true, lastSyncAt: null, lastError: null });

    // Installed again (other flags): the running watch is restarted on its new command line.
    await linux.cli('--install', '--show-text');
    expect((await fakes.calls('systemctl')).at(-1)).toEqual(['--user', 'restart', 'clipsync-watch.service']);
    expect(await readFile(unit, 'utf8')).toContain(
      `ExecStart="${NODE}" "${SCRIPT}" "watch" "--service" "--show-text"\n`,
    );

    const removed = await linux.cli('--uninstall');
    expect(removed).toMatchObject({ code: 0, stdout: `Stopped and removed ${unit}\n` });
    await expect(stat(unit)).rejects.toThrow();
    expect((await fakes.calls('systemctl')).slice(-2)).toEqual([
      ['--user', 'disable', '--now', 'clipsync-watch.service'],
      ['--user', 'daemon-reload'],
    ]);
    expect((await linux.cli('--uninstall')).stdout).toBe('No watch service was installed.\n');
  });

  test('XDG_CONFIG_HOME is honoured: the unit goes under it, and the service is told where the config is', async () => {
    const fakes = await systemctl();
    const configHome = join(tmpdir(), 'clipsync-xdg-$HOME %h "quoted"');
    const linux = await machine('linux', fakes.folder, { XDG_CONFIG_HOME: configHome });
    homes.push(configHome);
    expect((await linux.cli('--install')).code).toBe(0);
    const content = await readFile(join(configHome, 'systemd', 'user', 'clipsync-watch.service'), 'utf8');
    // `$` and `%` doubled, `"` escaped: systemd reads back the very path.
    const quoted = configHome.replace(/\$/g, '$$$$').replace(/%/g, '%%').replace(/"/g, '\\"');
    expect(content).toContain(`"watch" "--service" "--config-home" "${quoted}"\n`);
  });

  test('no user manager: the unit is written and the message says what to run', async () => {
    const fakes = await systemctl([
      { when: 'daemon-reload', code: 1, stderr: 'Failed to connect to bus: No medium found\n' },
    ]);
    const linux = await machine('linux', fakes.folder);
    const installed = await linux.cli('--install');
    expect(installed.code).toBe(1);
    expect(installed.stdout).toBe(
      `Wrote ${join(linux.home, '.config', 'systemd', 'user', 'clipsync-watch.service')}\n`,
    );
    expect(installed.stderr).toContain(
      'clipsync: the watch service is written but neither enabled nor started. No systemd user manager answered (Failed to connect to bus: No medium found). In your desktop session run: systemctl --user daemon-reload && systemctl --user enable --now clipsync-watch.service',
    );
  });

  test('after the start limit, install clears the failed state before starting; enable refused is exit 1 with what to run', async () => {
    const fakes = await systemctl([
      {
        when: 'enable',
        code: 1,
        stderr: 'Job for clipsync-watch.service failed because the control process exited with error code.\n',
        times: 1,
      },
    ]);
    const linux = await machine('linux', fakes.folder);
    const refused = await linux.cli('--install');
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain('The watch runs now');
    expect(refused.stderr).toContain(
      'neither enabled nor started. systemctl could not enable it (Job for clipsync-watch.service failed',
    );
    expect(refused.stderr).toContain('Run: systemctl --user daemon-reload && systemctl --user enable --now');

    const again = await linux.cli('--install');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    const calls = (await fakes.calls('systemctl')).map((args) => args.slice(1, 2)[0]);
    // reset-failed comes before every start: a unit left failed by the start limit is otherwise refused.
    expect(calls).toEqual([
      'daemon-reload',
      'reset-failed',
      'enable',
      'daemon-reload',
      'reset-failed',
      'enable',
      'restart',
    ]);
  });

  test('uninstall of a watch that was not running says it removed the file, not that it stopped anything', async () => {
    const fakes = await systemctl([{ when: 'is-active', stdout: 'inactive\n', code: 3 }]);
    const linux = await machine('linux', fakes.folder);
    await linux.cli('--install');
    const unit = join(linux.home, '.config', 'systemd', 'user', 'clipsync-watch.service');
    const removed = await linux.cli('--uninstall');
    expect(removed).toMatchObject({ code: 0, stdout: `Removed ${unit} (it was not running)\n` });
    expect(JSON.parse((await linux.cli('--uninstall', '--json')).stdout)).toMatchObject({
      removed: false,
      stopped: false,
    });
  });

  test('no user manager to ask: status says its state is unknown, and why', async () => {
    const fakes = await systemctl([
      { when: 'is-active', code: 1, stderr: 'Failed to connect to bus: No medium found\n' },
    ]);
    const linux = await machine('linux', fakes.folder);
    await linux.cli('--install');
    expect((await linux.cli('--status')).stdout).toContain(
      ', its state unknown (Failed to connect to bus: No medium found)\n',
    );
  });

  test('no systemctl at all: written, with the advice; status says its state is unknown', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'clipsync-empty-path-'));
    homes.push(empty);
    const linux = await machine('linux', empty);
    const installed = await linux.cli('--install');
    expect(installed.code).toBe(1);
    expect(installed.stderr).toContain('systemctl was not found');
    expect((await linux.cli('--status')).stdout).toMatch(/, its state unknown \(no service manager answered\)\n/);
  });

  test('status shows what the service recorded, and says so when it is not installed', async () => {
    const fakes = await systemctl([{ when: 'is-active', stdout: 'failed\n', code: 3 }]);
    const linux = await machine('linux', fakes.folder);
    expect((await linux.cli('--status')).stdout).toMatch(/^Not installed \(clipsync watch --install installs it\)\.\n/);
    await linux.cli('--install');
    await writeFile(
      join(linux.home, '.config', 'clipsync', 'watch-state.json'),
      JSON.stringify({
        lastSyncAt: '2026-11-27T05:00:00.000Z',
        lastError: { at: '2026-11-27T05:01:00.000Z', message: 'connection lost' },
      }),
    );
    const status = (await linux.cli('--status')).stdout;
    expect(status).toContain(', not running (failed)\n');
    expect(status).toContain(
      'Last sync: 2026-11-27T05:00:00.000Z\nLast problem: 2026-11-27T05:01:00.000Z connection lost\n',
    );
  });

  test('refused without a stored sign-in (a token from the environment is never written into a unit)', async () => {
    const fakes = await systemctl();
    const linux = await machine('linux', fakes.folder, { CLIPSYNC_TOKEN: TOKEN });
    await rm(join(linux.home, '.config', 'clipsync', 'config.json'));
    const refused = await linux.cli('--install');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('Not signed in: run clipsync login URL first');
    expect(await fakes.calls('systemctl')).toEqual([]);
  });

  test('usage errors: two actions, watch flags with --status, the service-only flags by hand', async () => {
    const fakes = await systemctl();
    const linux = await machine('linux', fakes.folder);
    expect((await linux.cli('--install', '--uninstall')).stderr).toContain(
      '--install and --uninstall exclude each other',
    );
    expect((await linux.cli('--status', '--quiet')).code).toBe(2);
    expect((await linux.cli('--status', '--show-text')).code).toBe(2);
    expect((await linux.cli('--install', '--quiet', '--show-text')).stderr).toContain(
      '--quiet and --show-text exclude each other',
    );
    expect((await linux.cli('--install', '--service')).code).toBe(2);
    expect(await fakes.calls('systemctl')).toEqual([]);
  });
});

describe('clipsync watch --install run as a process', () => {
  test('the unit runs this very node and the resolved bin/clipsync.mjs', { timeout: 60_000 }, async () => {
    const fakes = await fakeTools({ systemctl: [] });
    const home = await mkdtemp(join(tmpdir(), 'clipsync-service-home-'));
    homes.push(home);
    const env = { PATH: fakes.folder, HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
    const io = { env, platform: 'linux' as const, homedir: home };
    await writeStoredConfig(io, { server: 'https://clips.example.com', token: TOKEN });
    const bin = fileURLToPath(new URL('../bin/clipsync.mjs', import.meta.url));
    await promisify(execFile)(process.execPath, [bin, 'watch', '--install'], { env });
    const unit = await readFile(join(home, 'cfg', 'systemd', 'user', 'clipsync-watch.service'), 'utf8');
    expect(unit).toContain(
      `ExecStart="${process.execPath}" "${await realpath(bin)}" "watch" "--service" "--config-home" "${join(home, 'cfg')}"\n`,
    );
  });
});

describe('clipsync watch --install on macOS (LaunchAgent)', () => {
  test('writes the plist, bootstraps it in gui/<uid>; status reads launchctl print; uninstall boots it out', async () => {
    const fakes = await fakeTools({
      launchctl: [
        // Nothing loaded yet at the install; loaded, so booted out, at the uninstall.
        { when: 'bootout', code: 3, stderr: 'Boot-out failed: 3: No such process\n', times: 1 },
        { when: 'print', stdout: 'gui/501/org.clipsync.watch = {\n\tactive count = 1\n\tstate = running\n}\n' },
      ],
    });
    const mac = await machine('darwin', fakes.folder);
    const installed = await mac.cli('--install');
    expect(installed.code).toBe(0);
    const plist = join(mac.home, 'Library', 'LaunchAgents', 'org.clipsync.watch.plist');
    expect(installed.stdout).toContain(`Wrote ${plist}\n`);
    const content = await readFile(plist, 'utf8');
    expect(content).toContain(
      `<string>${NODE}</string>\n    <string>${SCRIPT}</string>\n    <string>watch</string>\n    <string>--service</string>\n  </array>`,
    );
    expect(content).not.toContain(TOKEN);
    expect(await modeOf(plist)).toBe(0o600);
    const domain = `gui/${process.getuid?.() ?? 0}`;
    expect(await fakes.calls('launchctl')).toEqual([
      ['bootout', `${domain}/org.clipsync.watch`],
      ['bootstrap', domain, plist],
    ]);
    expect((await mac.cli('--status')).stdout).toContain(`Installed: ${plist}, running\n`);
    expect((await mac.cli('--uninstall')).stdout).toBe(`Stopped and removed ${plist}\n`);
    await expect(stat(plist)).rejects.toThrow();
  });

  test('installed again: bootstrap is tried again while launchd still removes the agent booted out, a bounded number of times', async () => {
    const busy = { when: 'bootstrap', code: 5, stderr: 'Bootstrap failed: 5: Input/output error\n' };
    const domain = `gui/${process.getuid?.() ?? 0}`;
    const flaky = await fakeTools({ launchctl: [{ ...busy, times: 2 }] });
    const mac = await machine('darwin', flaky.folder);
    const installed = await mac.cli('--install');
    expect(installed).toMatchObject({ code: 0, stdout: expect.stringContaining('The watch runs now') });
    const plist = join(mac.home, 'Library', 'LaunchAgents', 'org.clipsync.watch.plist');
    expect(await flaky.calls('launchctl')).toEqual([
      ['bootout', `${domain}/org.clipsync.watch`],
      ['bootstrap', domain, plist],
      ['bootstrap', domain, plist],
      ['bootstrap', domain, plist],
    ]);

    const stuck = await fakeTools({ launchctl: [busy] });
    const stuckMac = await machine('darwin', stuck.folder);
    const refused = await stuckMac.cli('--install');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('launchctl refused it (');
    expect((await stuck.calls('launchctl')).filter(([verb]) => verb === 'bootstrap')).toHaveLength(5);
  });
});

describe('clipsync watch --install on Windows (Scheduled Task)', () => {
  test('registers the task from its UTF-16 XML and runs it; status parses schtasks; uninstall deletes it', async () => {
    const fakes = await fakeTools({
      schtasks: [{ when: '/Query', stdout: '"\\ClipSync\\Watch","N/A","Running"\r\n' }],
    });
    // The config folder named by XDG_CONFIG_HOME (%APPDATA% paths would be Windows paths on this Linux runner).
    const windows = await machine('win32', fakes.folder, (home) => ({
      USERDOMAIN: 'DESK',
      USERNAME: 'ann',
      XDG_CONFIG_HOME: join(home, 'App Data'),
    }));
    expect((await windows.cli('--install')).code).toBe(0);
    const xmlPath = join(windows.home, 'App Data', 'clipsync', 'clipsync-watch-task.xml');
    const bytes = await readFile(xmlPath);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const xml = bytes.subarray(2).toString('utf16le');
    expect(xml).toContain(`<Command>${NODE}</Command>`);
    // A path with a space is one argument, quoted as Windows programs split their command line.
    expect(xml).toContain(
      `<Arguments>${SCRIPT} watch --service --config-home &#34;${join(windows.home, 'App Data')}&#34;</Arguments>`,
    );
    expect(xml).toContain('<UserId>DESK\\ann</UserId>');
    expect(xml).not.toContain(TOKEN);
    expect(await fakes.calls('schtasks')).toEqual([
      ['/Create', '/TN', '\\ClipSync\\Watch', '/XML', xmlPath, '/F'],
      ['/End', '/TN', '\\ClipSync\\Watch'],
      ['/Run', '/TN', '\\ClipSync\\Watch'],
    ]);
    expect((await windows.cli('--status')).stdout).toContain(`Installed: ${xmlPath}, running\n`);
    expect((await windows.cli('--uninstall')).stdout).toBe(`Stopped and removed ${xmlPath}\n`);
    expect((await fakes.calls('schtasks')).slice(-2)).toEqual([
      ['/End', '/TN', '\\ClipSync\\Watch'],
      ['/Delete', '/TN', '\\ClipSync\\Watch', '/F'],
    ]);
  });
});
