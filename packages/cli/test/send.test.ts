import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceSendPayload } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
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

  const cliDevice = (owner: TestUser, clientName: string) => h.signInDevice(owner, clientName);

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

  test('a name, the start of one or an id picks a device; unknown or ambiguous is exit 2 with the candidates and their ids; nothing is sent', async () => {
    const laptop = await cliDevice(user, 'laptop');
    const box = await cliDevice(user, 'Build box');
    // Two names one query starts, as the server's distinguishing default names (`… · otter`) make them.
    const twin = await cliDevice(user, 'twin · otter');
    const otherTwin = await cliDevice(user, 'Twin · heron');
    const unknown = await h.cli(['send', '--to', 'phone'], { env: laptop.env, stdin: 'x' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No device named "phone". Your devices:\n');
    expect(unknown.stderr).toContain(`  Build box     ${box.device.id.slice(0, 6)}    cli   `);
    expect(unknown.stderr).not.toContain('laptop');
    const ambiguous = await h.cli(['send', '--to', 'build box,TWIN'], { env: laptop.env, stdin: 'x' });
    expect(ambiguous.code).toBe(2);
    const first = twin.device.id.slice(0, 6);
    expect(ambiguous.stderr).toContain(
      `2 devices match "TWIN": give the start of its id instead, e.g. clipsync send --to ${first}.`,
    );
    expect(ambiguous.stderr).toContain('  NAME          ID START  KIND  LAST SEEN\n');
    for (const { device } of [twin, otherTwin])
      expect(ambiguous.stderr).toContain(`  ${device.name}  ${device.id.slice(0, 6)}    cli   `);
    // A word of a name finds it as its start does: "box" in "Build box".
    const byWord = await h.cli(['send', '--to', 'BOX', '--json'], { env: laptop.env, stdin: 'by a word' });
    expect(byWord.code, byWord.stderr).toBe(0);
    expect(JSON.parse(byWord.stdout).sends).toEqual([expect.objectContaining({ deviceId: box.device.id })]);
    expect(ambiguous.stderr.match(/See clipsync --help/g)).toHaveLength(1);
    expect((await h.cli(['send', '--to', 'build box'], { env: laptop.env })).code).toBe(2);
    expect((await h.cli(['send'], { env: laptop.env, stdin: 'x' })).code).toBe(2);

    const byStart = await h.cli(['send', '--to', 'BUI', '--json'], { env: laptop.env, stdin: 'by its start' });
    expect(byStart.code, byStart.stderr).toBe(0);
    expect(JSON.parse(byStart.stdout).sends).toEqual([expect.objectContaining({ deviceId: box.device.id })]);
    const byId = await h.cli(['send', '--to', `${otherTwin.device.id}`, '--json'], { env: laptop.env, stdin: 'by id' });
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout).sends).toEqual([
      expect.objectContaining({ deviceId: otherTwin.device.id, name: 'Twin · heron' }),
    ]);
  });

  test('send --help points at clipsync devices for the names and ids', async () => {
    const help = await h.cli(['send', '--help']);
    expect(help.stdout).toContain('as clipsync devices lists them');
    expect(help.stdout).not.toContain("clipsync's devices list");
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
