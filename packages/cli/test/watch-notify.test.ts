import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestUser } from '@clipsync/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fakeTools } from './fake-tools';
import { startCliHarness, type CliHarness } from './harness';
import { sleep, startWatch, waitFor, type RunningWatch } from './watch-harness';
import { requireX11Tools, startDisplay, type X11Display } from './x11-display';

// The watch as its service runs it (`--service`, as --install writes it) on an Xvfb display, a fake notify-send
// first on PATH: what a person at that desktop would be shown, and what `--status` would read.
describe('clipsync watch run as the service: notifications and its state file', { timeout: 60_000 }, () => {
  let h: CliHarness;
  let display: X11Display;
  let owner: TestUser;
  const running: RunningWatch[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    requireX11Tools();
    display = await startDisplay();
    h = await startCliHarness();
    owner = await h.testApp.factory.user();
  }, 120_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((watch) => watch.stop()));
  });
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    await Promise.all([h?.close(), display?.close()]);
  });

  async function watchAsService(deviceName: string, args: string[], terminal = true) {
    const fakes = await fakeTools({ 'notify-send': [] });
    const configHome = await mkdtemp(join(tmpdir(), 'clipsync-service-config-'));
    folders.push(fakes.folder, configHome);
    const device = await h.signInDevice(owner, deviceName);
    const watch = startWatch(
      { DISPLAY: display.name, PATH: `${fakes.folder}:${process.env.PATH ?? ''}`, ...device.env },
      ['--config-home', configHome, '--receive-only', ...args],
      { terminal },
    );
    running.push(watch);
    await watch.ready;
    return { watch, fakes, statePath: join(configHome, 'clipsync', 'watch-state.json') };
  }

  test('a received send shows who sent what kind, not its text; the state file records the sync, 0600', async () => {
    const { watch, fakes, statePath } = await watchAsService('desk', ['--service']);
    const laptop = await h.signInDevice(owner, 'laptop');
    const sent = await h.cli(['send', '--to', 'desk'], {
      env: laptop.env,
      stdin: 'a "quoted" <b>word</b>\nsecond line',
    });
    expect(sent.stdout).toBe('desk: delivered\n');
    await waitFor(
      async () => (await fakes.calls('notify-send')).length > 0,
      15_000,
      () => `no notification; the watch said ${watch.stdout.text()} ${watch.stderr.text()}`,
    );
    expect(await fakes.calls('notify-send')).toEqual([
      ['--app-name=ClipSync', '--', 'Text from laptop', '34 characters'],
    ]);
    const state = JSON.parse(await readFile(statePath, 'utf8'));
    expect(state).toEqual({ lastSyncAt: expect.any(String), lastError: null });
    expect(Date.now() - Date.parse(state.lastSyncAt)).toBeLessThan(60_000);
    expect((await stat(statePath)).mode & 0o777).toBe(0o600);
  });

  test('--show-text: the notification shows the start of the text, on one line, markup escaped', async () => {
    const { watch, fakes } = await watchAsService('open desk', ['--service', '--show-text']);
    const laptop = await h.signInDevice(owner, 'laptop four');
    await h.cli(['send', '--to', 'open desk'], { env: laptop.env, stdin: 'a "quoted" <b>word</b>\nsecond line' });
    await waitFor(
      async () => (await fakes.calls('notify-send')).length > 0,
      15_000,
      () => `no notification; the watch said ${watch.stdout.text()} ${watch.stderr.text()}`,
    );
    expect(await fakes.calls('notify-send')).toEqual([
      ['--app-name=ClipSync', '--', 'Text from laptop four', 'a "quoted" &lt;b&gt;word&lt;/b&gt; second line'],
    ]);
  });

  test('--quiet: the send arrives, no notification', async () => {
    const { watch, fakes } = await watchAsService('quiet desk', ['--service', '--quiet']);
    const laptop = await h.signInDevice(owner, 'laptop two');
    await h.cli(['send', '--to', 'quiet desk'], { env: laptop.env, stdin: 'shh' });
    await waitFor(
      () => watch.stdout.text().includes('Sent from laptop two'),
      15_000,
      () => `the send did not arrive: ${watch.stdout.text()}`,
    );
    // Long enough for a notifier to have started and recorded its call, were one run.
    await sleep(1_000);
    expect(await fakes.calls('notify-send')).toEqual([]);
  });

  test('without --service, no terminal on stdin or stdout is enough for a notification; no state file then', async () => {
    const { watch, fakes, statePath } = await watchAsService('background desk', [], false);
    const laptop = await h.signInDevice(owner, 'laptop three');
    await h.cli(['send', '--to', 'background desk'], { env: laptop.env, stdin: 'in the background' });
    await waitFor(
      async () => (await fakes.calls('notify-send')).length > 0,
      15_000,
      () => `no notification; the watch said ${watch.stdout.text()} ${watch.stderr.text()}`,
    );
    expect((await fakes.calls('notify-send'))[0]?.slice(2)).toEqual(['Text from laptop three', '17 characters']);
    await expect(stat(statePath)).rejects.toThrow();
  });
});
