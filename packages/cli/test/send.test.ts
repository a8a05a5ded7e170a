import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Device, DeviceSendPayload } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../apps/server/test/factories';
import { createApiClient } from '../src/api-client';
import { openClipChannel } from '../src/watch/clip-channel';
import { DeviceSendReceiver, type ReceivedSend } from '../src/watch/device-sends';
import { startCliHarness, type CliHarness } from './harness';
import { startWatch, waitFor, type RunningWatch } from './watch-harness';
import { requireX11Tools, startDisplay, type X11Display } from './x11-display';

describe('clipsync send, and watch receiving what is sent', { timeout: 60_000 }, () => {
  let h: CliHarness;
  let user: TestUser;
  const closers: Array<() => unknown> = [];
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
  });
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    await h.close();
  });

  /** A CLI signed in by the device sign-in, as `clipsync login` does it: a device of its own, named so. */
  async function cliDevice(owner: TestUser, clientName: string) {
    const code = (await h.testApp.as(null).post('/api/device/code', { clientName })).json();
    await h.testApp
      .as(owner)
      .post('/api/device/approve', { userCode: code.user_code, scopes: ['clips:read', 'clips:write'] });
    const granted = (await h.testApp.as(null).post('/api/device/token', { device_code: code.device_code })).json();
    const token = granted.access_token as string;
    const devices = (await h.testApp.as({ tokens: { access_token: token } }).get('/api/devices')).json().devices;
    const device = (devices as Device[]).find((one) => one.current)!;
    return { token, device, env: { CLIPSYNC_URL: h.server, CLIPSYNC_TOKEN: token } };
  }

  /** The watch's receiving half on a device's token, without a clipboard: what it put there is recorded. */
  function receiverOf(token: string) {
    const client = createApiClient({ server: h.server, token });
    const put: string[] = [];
    const reported: ReceivedSend[] = [];
    const raw: DeviceSendPayload[] = [];
    const receiver = new DeviceSendReceiver({
      client,
      putInClipboard: async (text) => void put.push(text),
      report: (arrived) => reported.push(arrived),
    });
    let isConnected = false;
    const close = openClipChannel(h.server, token, {
      connected: () => (isConnected = true),
      lost: () => {},
      refused: () => {},
      created: () => {},
      updated: () => {},
      sent: (send, ack) => {
        raw.push(send);
        void receiver.received(send, ack);
      },
    });
    closers.push(close);
    return { put, reported, raw, receiver, connected: () => isConnected, close };
  }

  test('unknown or ambiguous names are exit 2 with the names; nothing is sent', async () => {
    const laptop = await cliDevice(user, 'laptop');
    await cliDevice(user, 'Build box');
    await cliDevice(user, 'twin');
    await cliDevice(user, 'Twin');
    const unknown = await h.cli(['send', '--to', 'phone'], { env: laptop.env, stdin: 'x' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No device named "phone"');
    expect(unknown.stderr).toContain('Build box (cli)');
    expect(unknown.stderr).not.toContain('laptop (cli)');
    const ambiguous = await h.cli(['send', '--to', 'build box,TWIN'], { env: laptop.env, stdin: 'x' });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('2 devices are named "TWIN"');
    expect((await h.cli(['send', '--to', 'build box'], { env: laptop.env })).code).toBe(2);
    expect((await h.cli(['send'], { env: laptop.env, stdin: 'x' })).code).toBe(2);
  });

  test('send --to a watching CLI: delivered, acted on once and acknowledged; into the clipboard when it accepts', async () => {
    const owner = await h.testApp.factory.user();
    const laptop = await cliDevice(owner, 'laptop');
    const box = await cliDevice(owner, 'server box');
    const receiving = receiverOf(box.token);
    await waitFor(receiving.connected, 5000, () => 'the receiver did not connect');

    const first = await h.cli(['send', '--to', 'Server Box'], { env: laptop.env, stdin: 'ask me first' });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('server box: delivered\n');
    await waitFor(
      () => receiving.reported.length === 1,
      5000,
      () => 'nothing arrived',
    );
    expect(receiving.reported[0]).toMatchObject({ from: 'laptop', action: 'shown', text: 'ask me first' });
    expect(receiving.put).toEqual([]);

    await h.testApp.as(owner).patch(`/api/devices/${box.device.id}`, { receivePolicy: 'accept' });
    const second = await h.cli(['send', '--to', 'server box', '--json'], {
      env: laptop.env,
      stdin: 'into the clipboard',
    });
    expect(JSON.parse(second.stdout)).toEqual({
      sends: [{ id: expect.any(String), deviceId: box.device.id, name: 'server box', status: 'delivered' }],
    });
    await waitFor(
      () => receiving.put.length === 1,
      5000,
      () => 'not put in the clipboard',
    );
    expect(receiving.put).toEqual(['into the clipboard']);

    // A repeat of an id (a redelivery) is acknowledged again but not acted on twice.
    const again = receiving.raw[1]!;
    await receiving.receiver.received(again, () => {});
    expect(receiving.put).toHaveLength(1);
    await waitFor(
      async () =>
        (await h.testApp.as({ tokens: { access_token: box.token } }).get('/api/device-sends/pending')).json().sends
          .length === 0,
      5000,
      () => 'the sends were not acknowledged',
    );
  });

  test('files travel as a clip: send makes it, the device gets its text and file links; offline devices queue', async () => {
    const owner = await h.testApp.factory.user();
    const laptop = await cliDevice(owner, 'laptop');
    const box = await cliDevice(owner, 'box');
    const path = join(h.home, 'report.txt');
    await writeFile(path, 'the report');
    const sent = await h.cli(['send', '--to', 'box', '--text', 'see attached', path, '--json'], { env: laptop.env });
    expect(sent.code, sent.stderr).toBe(0);
    const answer = JSON.parse(sent.stdout);
    expect(answer.sends[0].status).toBe('queued');

    const receiving = receiverOf(box.token);
    await waitFor(
      () => receiving.reported.length === 1,
      5000,
      () => 'the queued send did not arrive',
    );
    expect(receiving.reported[0]).toMatchObject({
      clipId: answer.clipId,
      text: 'see attached',
      files: [expect.stringMatching(/\/api\/files\/.+\/report\.txt$/)],
    });
  });

  test('a real X11 clipboard: a send to a watching CLI that accepts lands in its clipboard', async () => {
    requireX11Tools();
    const display: X11Display = await startDisplay();
    closers.push(() => display.close());
    const owner = await h.testApp.factory.user();
    const laptop = await cliDevice(owner, 'laptop');
    const desk = await cliDevice(owner, 'desk');
    await h.testApp.as(owner).patch(`/api/devices/${desk.device.id}`, { receivePolicy: 'accept' });
    const watch: RunningWatch = startWatch({ DISPLAY: display.name, ...desk.env }, ['--receive-only']);
    closers.push(() => watch.stop());
    await watch.ready;

    const sent = await h.cli(['send', '--to', 'desk'], { env: laptop.env, stdin: 'straight into X11' });
    expect(sent.stdout).toBe('desk: delivered\n');
    await waitFor(
      async () => (await display.pasteText()) === 'straight into X11',
      10_000,
      () => `clipboard holds ${JSON.stringify(watch.stdout.text())}`,
    );
    expect(watch.stdout.text()).toContain('Sent from laptop: text (17 characters), put in the clipboard');
  });
});
