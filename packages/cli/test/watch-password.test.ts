import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CONCEALED_MESSAGE } from '../src/watch/run-watch';
import {
  sleep,
  startRestartableServer,
  startWatch,
  waitFor,
  type RestartableServer,
  type RunningWatch,
} from './watch-harness';
import { requireX11Tools, startDisplay, type X11Display } from './x11-display';
import { ownClipboard, type SelectionOwner } from './x11-selection-owner';

/** Long enough for several polls (100 ms each) and a round trip: what a repeated line or a late send would need. */
const SETTLE_MS = 800;
const PASSWORD = 'correct horse battery staple';

// The password manager is a real X11 selection owner offering what KeePassXC offers: the password as
// UTF8_STRING and `x-kde-passwordManagerHint` = `secret`. Without the watcher's check, the password would be
// read as ordinary text and sent: the clip count and the output below would say so.
describe('clipsync watch and a password manager on a real X11 clipboard', { timeout: 60_000 }, () => {
  let server: RestartableServer;
  let machine: X11Display;
  let manager: SelectionOwner | undefined;
  let watch: RunningWatch | undefined;

  beforeAll(async () => {
    requireX11Tools();
    machine = await startDisplay();
    server = await startRestartableServer();
  }, 120_000);
  afterEach(async () => {
    manager?.close();
    await watch?.stop();
  });
  afterAll(async () => {
    await Promise.all([server?.close(), machine?.close()]);
  });

  test('a password it marks as secret is never sent, one line says so without it, and the next copy is sent', async () => {
    const user = await server.user();
    const token = await server.tokenOf(user);
    watch = startWatch({ DISPLAY: machine.name, CLIPSYNC_URL: server.url, CLIPSYNC_TOKEN: token.token });
    await watch.ready;

    manager = await ownClipboard(machine.name, { UTF8_STRING: PASSWORD, 'x-kde-passwordManagerHint': 'secret' });
    // Pasteable as text, as any copy: only the hint tells it apart.
    expect(await machine.pasteText()).toBe(PASSWORD);
    await waitFor(
      () => watch!.stderr.text().includes(CONCEALED_MESSAGE),
      10_000,
      () => `the watcher said nothing of the password; stdout: ${watch!.stdout.text()} stderr: ${watch!.stderr.text()}`,
    );
    await sleep(SETTLE_MS);
    expect(watch.stderr.text().split(CONCEALED_MESSAGE)).toHaveLength(2); // once per entry, not per poll
    expect(watch.stdout.text() + watch.stderr.text()).not.toContain(PASSWORD);
    expect(await server.clipCount(user)).toBe(0);

    await machine.copy('an ordinary copy');
    // The owner hears that it lost the selection as an X event, a moment after xclip took it.
    await waitFor(() => manager!.lost, 5_000, () => 'the password manager still owns the clipboard');
    await waitFor(
      async () => (await server.clipCount(user)) === 1,
      20_000,
      () => `the ordinary copy was not sent; stdout: ${watch!.stdout.text()} stderr: ${watch!.stderr.text()}`,
    );
    const [clip] = (await server.as(user).get('/api/clipboard/history')).json<Array<{ content: string }>>();
    expect(clip!.content).toBe('an ordinary copy');
  });
});
