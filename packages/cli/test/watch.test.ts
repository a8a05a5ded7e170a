import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { CLIP_CONTENT_MAX } from '@clipsync/shared';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { REVOKED_MESSAGE } from '../src/watch/run-watch';
import {
  sleep,
  startRestartableServer,
  startWatch,
  waitFor,
  type RestartableServer,
  type RunningWatch,
} from './watch-harness';
import { requireX11Tools, startDisplay, type X11Display } from './x11-display';

const CLIPSYNC_BIN = fileURLToPath(new URL('../bin/clipsync.mjs', import.meta.url));

/** Long enough for several polls of both watchers (100 ms each) and a round trip: what a loop would need. */
const SETTLE_MS = 800;

/** A valid 1×1 PNG: signature, IHDR, IDAT, IEND (the CRCs are not checked by anyone here). */
function tinyPng(red: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, red, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Two Xvfb displays are two machines, each with its own clipboard; the server is real, on a port.
// Each test waits on two watchers, xclip runs and a server: on a loaded CI machine that takes a while.
describe('clipsync watch on a real X11 clipboard', { timeout: 60_000 }, () => {
  let server: RestartableServer;
  let machineA: X11Display;
  let machineB: X11Display;
  const running: RunningWatch[] = [];

  // The embedded database's first open on disk takes seconds, many more on a loaded CI machine.
  beforeAll(async () => {
    requireX11Tools();
    machineA = await startDisplay();
    machineB = await startDisplay();
    server = await startRestartableServer();
  }, 120_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((watch) => watch.stop()));
  });
  afterAll(async () => {
    await Promise.all([server?.close(), machineA?.close(), machineB?.close()]);
  });

  async function signedIn(): Promise<{ user: TestUser; token: { id: string; token: string } }> {
    const user = await server.user();
    return { user, token: await server.tokenOf(user) };
  }

  async function watchOn(display: X11Display, token: string, args: string[] = []): Promise<RunningWatch> {
    const watch = startWatch({ DISPLAY: display.name, CLIPSYNC_URL: server.url, CLIPSYNC_TOKEN: token }, args);
    running.push(watch);
    await watch.ready;
    return watch;
  }

  // Speed is the bench's (cli-watch); here only arrival counts. The first copy once took over 10 s with every
  // Vitest project starting on CI's two cores, and twice more than 25 s (2026-11-25): what the watchers said
  // is in the failure, to tell a slow machine from a lost copy.
  const holds = (display: X11Display, text: string, timeoutMs = 45_000) =>
    waitFor(
      async () => (await display.pasteText()) === text,
      timeoutMs,
      () =>
        `${display.name}'s clipboard does not hold ${JSON.stringify(text.slice(0, 40))}; the watchers said: ${running
          .map((watch) => `[${watch.stdout.text()} | ${watch.stderr.text()}]`)
          .join(' ')}`,
    );

  test("a copy on one machine makes exactly one clip and lands in the other machine's clipboard", async () => {
    const { user, token } = await signedIn();
    const a = await watchOn(machineA, token.token);
    await watchOn(machineB, token.token);
    expect(a.stdout.text()).toContain('through X11 (xclip)');

    await machineA.copy('copied on A — ünïcode ✓');
    await holds(machineB, 'copied on A — ünïcode ✓');
    await sleep(SETTLE_MS);
    expect(await server.clipCount(user)).toBe(1);
    const [clip] = (await server.as(user).get('/api/clipboard/history')).json<Array<{ content: string }>>();
    expect(clip!.content).toBe('copied on A — ünïcode ✓');
    expect(await machineA.pasteText()).toBe('copied on A — ünïcode ✓');
    expect(a.stdout.text()).toMatch(/Sent text \(23 characters\): clip /);
  });

  test('a clip pushed through the API lands in both clipboards and makes no other clip', async () => {
    const { user, token } = await signedIn();
    await watchOn(machineA, token.token);
    const b = await watchOn(machineB, token.token);

    const pushed = await server.as(user).post('/api/clipboard', { content: 'pushed from a script' });
    expect(pushed.statusCode).toBe(201);
    await Promise.all([holds(machineA, 'pushed from a script'), holds(machineB, 'pushed from a script')]);
    await sleep(SETTLE_MS);
    expect(await server.clipCount(user)).toBe(1);
    expect(b.stdout.text()).toMatch(/Received text \(20 characters\) from clip /);
    expect(b.stdout.text()).not.toContain('Sent');
  });

  test("the web's new clip (an empty draft, then its text saved) lands once its text is saved", async () => {
    const { user, token } = await signedIn();
    await watchOn(machineB, token.token);
    await machineB.copy('before the draft');
    await sleep(SETTLE_MS);

    const draft = await server.as(user).post('/api/clipboard', { content: '' });
    await sleep(SETTLE_MS);
    expect(await machineB.pasteText()).toBe('before the draft');
    await server
      .as(user)
      .inject('PUT', `/api/clipboard/${draft.json<{ id: string }>().id}`, { content: 'typed on the web' });
    await holds(machineB, 'typed on the web');
  });

  test('an image copied on one machine becomes a clip with its PNG and lands in the other clipboard', async () => {
    const { user, token } = await signedIn();
    await watchOn(machineA, token.token);
    await watchOn(machineB, token.token);
    const png = tinyPng(200);

    await machineA.copy(png, 'image/png');
    await waitFor(
      async () => (await machineB.paste('image/png'))?.equals(png) ?? false,
      10_000,
      () => `${machineB.name} did not receive the image`,
    );
    await sleep(SETTLE_MS);
    expect(await server.clipCount(user)).toBe(1);
    const [clip] = (await server.as(user).get('/api/clipboard/history')).json<
      Array<{ content: string; files: Array<{ type: string; size: number; url: string }> }>
    >();
    expect(clip!.content).toBe('');
    expect(clip!.files).toEqual([expect.objectContaining({ type: 'image/png', size: png.length })]);
    const stored = await server.as(user).get(clip!.files[0]!.url);
    expect(stored.rawPayload.equals(png)).toBe(true);
  });

  test('--send-only sends and never receives; --receive-only receives and never sends', async () => {
    const { user, token } = await signedIn();
    await watchOn(machineA, token.token, ['--send-only']);
    const b = await watchOn(machineB, token.token, ['--receive-only']);
    expect(b.stdout.text()).toContain('receiving only');
    await machineA.copy('A keeps this');
    await holds(machineB, 'A keeps this');

    await server.as(user).post('/api/clipboard', { content: 'only B hears this' });
    await holds(machineB, 'only B hears this');
    await machineB.copy('copied on B');
    await sleep(SETTLE_MS);
    expect(await machineA.pasteText()).toBe('A keeps this');
    expect(await server.clipCount(user)).toBe(2);
  });

  test('a revoked token stops the watcher with exit 3 and says so', async () => {
    const { user, token } = await signedIn();
    const watch = await watchOn(machineA, token.token);
    expect((await server.as(user).delete(`/api/tokens/${token.id}`)).statusCode).toBe(204);
    expect(await watch.exited).toBe(3);
    expect(watch.stderr.text()).toContain(REVOKED_MESSAGE);
    // Started again with it, it stops at once, saying how to sign in again.
    const again = startWatch({ DISPLAY: machineA.name, CLIPSYNC_URL: server.url, CLIPSYNC_TOKEN: token.token });
    expect(await again.exited).toBe(3);
    expect(again.stderr.text()).toContain('clipsync login');
  });

  test("text over the server's limit is skipped with one line, and the watcher goes on", async () => {
    const { user, token } = await signedIn();
    const a = await watchOn(machineA, token.token);
    await watchOn(machineB, token.token);
    await machineA.copy('x'.repeat(CLIP_CONTENT_MAX + 1));
    await waitFor(
      () => a.stderr.text().includes('Not sent: the copied text has 1,000,001 characters'),
      10_000,
      () => `no message: ${a.stderr.text()}`,
    );
    await machineA.copy('small again');
    await holds(machineB, 'small again');
    expect(await server.clipCount(user)).toBe(1);
  });

  test.each(['SIGTERM', 'SIGINT'] as const)(
    'as a process, %s stops it cleanly with exit 0',
    async (signal) => {
      const { token } = await signedIn();
      const child = spawn(process.execPath, [CLIPSYNC_BIN, 'watch'], {
        env: { PATH: process.env.PATH, DISPLAY: machineA.name, CLIPSYNC_URL: server.url, CLIPSYNC_TOKEN: token.token },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await waitFor(
        () => output.includes('Watching the clipboard'),
        15_000,
        () => output,
      );
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(output).toContain('Stopped.');
    },
    30_000,
  );

  test('through a server restart on the same port: a copy made while it was down is sent once it is back, and both ways work', async () => {
    const { user, token } = await signedIn();
    const a = await watchOn(machineA, token.token);
    await watchOn(machineB, token.token);
    await server.stop();
    await machineA.copy('copied while the server was down');
    await waitFor(
      () => a.stderr.text().includes('Not sent yet'),
      10_000,
      () => `A said nothing of the copy it could not send: ${a.stderr.text()}`,
    );
    await server.start();
    await waitFor(
      () => a.stdout.text().includes('Connected again.'),
      15_000,
      () => `A did not reconnect: ${a.stderr.text()}`,
    );
    await holds(machineB, 'copied while the server was down', 25_000);
    await machineA.copy('after the restart');
    await holds(machineB, 'after the restart');
    await server.as(user).post('/api/clipboard', { content: 'pushed after the restart' });
    await holds(machineA, 'pushed after the restart');
    await sleep(SETTLE_MS);
    expect(await server.clipCount(user)).toBe(3);
    // Reopening the embedded database is most of it: seconds on a loaded machine.
  }, 90_000);
});

describe('clipsync watch without a clipboard to follow', () => {
  test.each([
    ['no graphical session', {}, /neither WAYLAND_DISPLAY nor DISPLAY is set/],
    [
      'X11 without xclip',
      { DISPLAY: ':0', PATH: '/nonexistent' },
      /The X11 clipboard needs xclip, install it \(Debian\/Ubuntu: sudo apt install xclip/,
    ],
  ])('%s: says what to install, exit 2', async (_name, env, advice) => {
    const watch = startWatch({ CLIPSYNC_URL: 'http://127.0.0.1:9', CLIPSYNC_TOKEN: 'csp_x', ...env });
    expect(await watch.exited).toBe(2);
    expect(watch.stderr.text()).toMatch(advice);
  });

  test('--send-only and --receive-only together are a usage error', async () => {
    const watch = startWatch({ DISPLAY: ':0' }, ['--send-only', '--receive-only']);
    expect(await watch.exited).toBe(2);
    expect(watch.stderr.text()).toContain('exclude each other');
  });
});
