import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  CLIP_ENDPOINTS,
  CLIPBOARD_KEY_ENDPOINTS,
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  type Clip,
  type DeviceSendPayload,
  type EnableClipboardKeyRequest,
} from '@clipsync/shared';
import {
  AccountKey,
  ShareKey,
  UnlockSecret,
  encryptText,
  newPassphraseSalt,
  newRecoveryKey,
  wrapClipKey,
} from '@clipsync/shared/crypto';
import type { TestUser } from '@clipsync/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApiClient } from '../src/api-client';
import { LOCKED_MESSAGE } from '../src/sealed/clipboard';
import { openClipChannel } from '../src/watch/clip-channel';
import { DeviceSendReceiver, type ReceivedSend } from '../src/watch/device-sends';
import { WatchKeys } from '../src/watch/watch-keys';
import { CONCEALED_MESSAGE } from '../src/watch/run-watch';
import { startCliHarness, type CliHarness } from './harness';
import { sleep, startWatch, waitFor, type RunningWatch } from './watch-harness';
import { requireX11Tools, startDisplay, type X11Display } from './x11-display';
import { ownClipboard } from './x11-selection-owner';

const PASSPHRASE = 'the passphrase of this clipboard';

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

// One config folder for the whole file (the harness's): each test unlocks the account it works with, and a test
// of a machine that has not unlocked locks first.
describe('a sealed account in the CLI, against a real server', { timeout: 60_000 }, () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await startCliHarness();
  });
  afterAll(() => h.close());

  /** The web app turns the encryption on for `user`: the key and its two copies, made on the device. */
  async function sealedClipboardOf(user: TestUser) {
    const key = AccountKey.generate();
    const pass = await UnlockSecret.fromPassphrase(PASSPHRASE, newPassphraseSalt());
    const recovery = await UnlockSecret.fromRecoveryKey(newRecoveryKey());
    const body = {
      keyId: await key.id(),
      passphrase: { wrapped: await pass.seal(key, user.id), unlockProof: pass.unlockProof },
      recovery: { wrapped: await recovery.seal(key, user.id), unlockProof: recovery.unlockProof },
    } as EnableClipboardKeyRequest;
    await h.testApp.api(user).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body });
    return key;
  }

  /** A sealed account's user, and the env of a CLI that ran `clipsync unlock` for it. */
  async function unlockedUser() {
    const user = await h.testApp.factory.user();
    const key = await sealedClipboardOf(user);
    const env = await h.envOf(user);
    const unlocked = await h.cli(['unlock'], { env: { ...env, CLIPSYNC_PASSPHRASE: PASSPHRASE } });
    expect(unlocked.code, unlocked.stderr).toBe(0);
    return { user, key, env };
  }

  /** The clip as the server stores and answers it, not as the CLI shows it. */
  const stored = async (user: TestUser, id: string) =>
    (await h.testApp.api(user).call(CLIP_ENDPOINTS.get, { params: { id } })) as Clip;
  const historyOf = (user: TestUser) => h.testApp.api(user).call(CLIP_ENDPOINTS.history, { query: {} });

  test('push makes sealed clips (text and a file), which ls, pull and ls --search open here', async () => {
    const { user, env } = await unlockedUser();
    const text = await h.cli(['push', '-t', 'the Bananas are in the blue cupboard'], { env });
    expect(text.code, text.stderr).toBe(0);
    const textId = text.stdout.trim().split('/').pop()!;
    const folder = await mkdtemp(join(h.home, 'files-'));
    await writeFile(join(folder, 'banana-report.txt'), 'yellow and curved\n');
    const withFile = await h.cli(['push', '-t', 'quarterly numbers', join(folder, 'banana-report.txt')], { env });
    expect(withFile.code, withFile.stderr).toBe(0);
    const fileId = withFile.stdout.trim().split('/').pop()!;

    // What the server keeps: envelopes, a wrapped key, the placeholder file name; never the text or the name.
    for (const id of [textId, fileId]) {
      const clip = await stored(user, id);
      expect(clip.encrypted).toBe(true);
      expect(clip.wrappedKey).toMatch(/^[A-Za-z0-9_-]{82}$/);
      expect(clip.content).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(JSON.stringify(clip)).not.toMatch(/banana|cupboard|quarterly/i);
    }
    const fileClip = await stored(user, fileId);
    expect(fileClip.files.map((file) => file.name)).toEqual([ENCRYPTED_FILE_NAME]);

    const ls = await h.cli(['ls'], { env });
    expect(ls.code, ls.stderr).toBe(0);
    expect(ls.stdout).toContain('the Bananas are in the blue cupboard');
    expect(ls.stdout).toContain('quarterly numbers');
    expect(ls.stdout).toContain('banana-report.txt');
    expect(ls.stdout).not.toContain('[encrypted]');

    const pulled = await h.cli(['pull', textId], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe('the Bananas are in the blue cupboard');
    const latest = await h.cli(['pull', '--files', join(folder, 'out')], { env });
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stdout).toBe('quarterly numbers');
    expect(await readFile(join(folder, 'out', 'banana-report.txt'), 'utf8')).toBe('yellow and curved\n');

    // The text matches one (any case), a file's name inside its sealed file the other.
    const search = await h.cli(['ls', '--search', 'BANANA', '--json'], { env });
    expect(search.code, search.stderr).toBe(0);
    const found = JSON.parse(search.stdout) as { clips: Clip[]; total: number };
    expect(found.total).toBe(2);
    expect(found.clips.map((clip) => clip.content).sort()).toEqual([
      'quarterly numbers',
      'the Bananas are in the blue cupboard',
    ]);
    expect(found.clips.find((clip) => clip.id === fileId)!.files[0]!.name).toBe('banana-report.txt');
    const one = await h.cli(['ls', '-s', 'cupboard'], { env });
    expect(one.stdout).toContain(textId);
    expect(one.stdout).not.toContain(fileId);
    const none = await h.cli(['ls', '-s', 'cherries'], { env });
    expect(none.stderr).toContain('No clip matches "cherries"');
  });

  test('a machine that has not unlocked says so: it makes no clip and shows no envelope', async () => {
    const { user, env } = await unlockedUser();
    const made = await h.cli(['push', '-t', 'made while unlocked'], { env });
    const id = made.stdout.trim().split('/').pop()!;
    expect((await h.cli(['lock'], { env })).code).toBe(0);

    const push = await h.cli(['push', '-t', 'not to be sent in the clear'], { env });
    expect(push.code).toBe(1);
    expect(push.stderr).toContain(LOCKED_MESSAGE);
    expect((await historyOf(user)).map((clip) => clip.id)).toEqual([id]);

    const pull = await h.cli(['pull', id, '--json'], { env });
    expect(pull.code).toBe(1);
    expect(JSON.parse(pull.stderr)).toMatchObject({ code: 'CLIPBOARD_LOCKED' });
    const ls = await h.cli(['ls'], { env });
    expect(ls.code).toBe(0);
    expect(ls.stdout).toContain('[locked]');
    expect(ls.stdout).not.toContain((await stored(user, id)).content.slice(0, 20));
    expect(ls.stderr).toContain(LOCKED_MESSAGE);
    const search = await h.cli(['ls', '--search', 'made'], { env });
    expect(search.code).toBe(1);
    expect(search.stderr).toContain(LOCKED_MESSAGE);
  });

  test('a cut envelope, or a clip key wrapped by another account, is a clear error for that clip', async () => {
    const { user, key, env } = await unlockedUser();
    const api = h.testApp.api(user);
    const sealingKey = await key.sealingKey();
    const otherSealingKey = await AccountKey.generate().sealingKey();
    const clipKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
    const envelope = await encryptText('never shown', new ShareKey(clipKey));
    const create = (content: string, wrappedKey: string) =>
      api.call(CLIP_ENDPOINTS.create, { body: { content, type: 'text', encrypted: true, wrappedKey } });
    const cut = await create(envelope.slice(0, -6), await wrapClipKey(sealingKey, clipKey));
    const foreign = await create(envelope, await wrapClipKey(otherSealingKey, clipKey));

    for (const clip of [cut, foreign]) {
      const pull = await h.cli(['pull', clip.id], { env });
      expect(pull.code).toBe(1);
      expect(pull.stdout).toBe('');
      expect(pull.stderr).toContain(`Clip ${clip.id} does not open with this account's key`);
    }
    const ls = await h.cli(['ls'], { env });
    expect(ls.code).toBe(0);
    expect(ls.stdout.match(/\[does not open\]/g)).toHaveLength(2);
    expect(ls.stdout).not.toContain('never shown');
    expect(ls.stderr).toContain(`Clip ${cut.id} does not open`);
  });

  test('a sealed file cut short is that clip’s error: nothing of it is saved', async () => {
    const { user, env } = await unlockedUser();
    const folder = await mkdtemp(join(h.home, 'cut-'));
    await writeFile(join(folder, 'long.txt'), 'x'.repeat(200_000));
    const pushed = await h.cli(['push', '-t', 'with a file', join(folder, 'long.txt')], { env });
    const id = pushed.stdout.trim().split('/').pop()!;
    // The sealed bytes as stored, cut, uploaded again in place of the file: a truncated ciphertext.
    const clip = await stored(user, id);
    const { token } = await h.tokenOf(user);
    const client = createApiClient({ server: h.server, token });
    const sealed = Buffer.from(await (await client.download(`${h.server}${clip.files[0]!.url}`)).arrayBuffer());
    await h.testApp.api(user).call(CLIP_ENDPOINTS.removeFile, { params: { id, fileId: clip.files[0]!.id } });
    const cutPath = join(folder, 'cut.bin');
    await writeFile(cutPath, sealed.subarray(0, sealed.length - 1000));
    await client.upload(
      CLIP_ENDPOINTS.uploadFile,
      { params: { id } },
      {
        path: cutPath,
        name: ENCRYPTED_FILE_NAME,
        type: ENCRYPTED_FILE_TYPE,
        size: sealed.length - 1000,
      },
    );

    const out = join(folder, 'out');
    const pull = await h.cli(['pull', id, '--files', out], { env });
    expect(pull.code).toBe(1);
    expect(pull.stderr).toContain(`Clip ${id} does not open with this account's key`);
    expect(await readdir(out).catch(() => [])).toEqual([]);
  });

  test("share gives a sealed clip's end-to-end link, its key in the fragment, which opens without the account key", async () => {
    const { env } = await unlockedUser();
    const pushed = await h.cli(['push', '-t', 'shared from a sealed clipboard'], { env });
    const id = pushed.stdout.trim().split('/').pop()!;
    const shared = await h.cli(['share', id, '--json'], { env });
    expect(shared.code, shared.stderr).toBe(0);
    const { url, encrypted } = JSON.parse(shared.stdout) as { url: string; encrypted?: boolean };
    expect(url).toMatch(new RegExp(`/clips/${id}#k=[A-Za-z0-9_-]{43}$`));
    expect(encrypted).toBe(true);

    // The link's holder needs no account key: a machine that locked opens it by the link alone.
    await h.cli(['lock'], { env });
    const pulled = await h.cli(['pull', url], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe('shared from a sealed clipboard');
    const refused = await h.cli(['share', id], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(LOCKED_MESSAGE);
  });

  test('push --e2e of a sealed account: a link with its key, and the clip opens here without it too', async () => {
    const { user, env } = await unlockedUser();
    const pushed = await h.cli(['push', '--e2e', '-t', 'linked and sealed', '--json'], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    const { id, url } = JSON.parse(pushed.stdout) as { id: string; url: string };
    expect(url).toContain('#k=');
    expect((await stored(user, id)).wrappedKey).toBeDefined();
    expect((await h.cli(['pull', id], { env })).stdout).toBe('linked and sealed');
    expect((await h.cli(['pull', url], { env })).stdout).toBe('linked and sealed');
  });

  /** The watch's receiving half on a device's token, its sealed account's key kept here; what it tells is recorded. */
  async function sealedReceiver(token: string) {
    const client = createApiClient({ server: h.server, token });
    const keys = new WatchKeys({ env: { XDG_CONFIG_HOME: h.configHome }, platform: 'linux', homedir: h.home }, client);
    await keys.start();
    const reported: ReceivedSend[] = [];
    const raw: DeviceSendPayload[] = [];
    const receiver = new DeviceSendReceiver({ client, keys, report: (arrived) => reported.push(arrived) });
    let connected = false;
    const close = openClipChannel(h.server, token, {
      connected: () => (connected = true),
      lost: () => {},
      refused: () => {},
      created: () => {},
      updated: () => {},
      sent: (send, ack) => {
        raw.push(send);
        void receiver.received(send, ack);
      },
    });
    await waitFor(
      () => connected,
      5_000,
      () => 'the receiver did not connect',
    );
    return { reported, raw, close };
  }

  test('send of files to a device makes a sealed clip, which the receiving watch opens', async () => {
    const { user } = await unlockedUser();
    const laptop = await h.signInDevice(user, 'laptop');
    const box = await h.signInDevice(user, 'box');
    const receiving = await sealedReceiver(box.token);
    try {
      const folder = await mkdtemp(join(h.home, 'send-'));
      await writeFile(join(folder, 'plan.txt'), 'the plan\n');
      const sent = await h.cli(['send', '--to', 'box', '-t', 'with the plan', join(folder, 'plan.txt'), '--json'], {
        env: laptop.env,
      });
      expect(sent.code, sent.stderr).toBe(0);
      const { clipId } = JSON.parse(sent.stdout) as { clipId: string };
      const clip = await stored(user, clipId);
      expect(clip.wrappedKey).toBeDefined();
      expect(JSON.stringify(clip)).not.toMatch(/plan/);
      await waitFor(
        () => receiving.reported.length === 1,
        5_000,
        () => 'nothing arrived',
      );
      expect(receiving.reported[0]).toMatchObject({ from: 'laptop', text: 'with the plan', clipId });
      expect(receiving.reported[0]!.unopened).toBeUndefined();
    } finally {
      receiving.close();
    }
  });

  // The server's part of a sealed text send (brief item 1: `wrappedKey` kept and handed on) is the server
  // helper's; until it is merged the send arrives without it, and this test says so by skipping.
  test('send of a text to a device is sealed, and the receiving watch opens it', async (context) => {
    const { user } = await unlockedUser();
    const laptop = await h.signInDevice(user, 'laptop');
    const box = await h.signInDevice(user, 'box');
    const receiving = await sealedReceiver(box.token);
    try {
      const sent = await h.cli(['send', '--to', 'box', '-t', 'the door code is 4711'], { env: laptop.env });
      expect(sent.code, sent.stderr).toBe(0);
      await waitFor(
        () => receiving.raw.length === 1,
        5_000,
        () => 'nothing arrived',
      );
      const [send] = receiving.raw;
      expect(send!.text).not.toContain('4711');
      if (send!.wrappedKey === undefined) context.skip('the server does not carry wrappedKey on device sends yet');
      await waitFor(
        () => receiving.reported.length === 1,
        5_000,
        () => 'not told',
      );
      expect(receiving.reported[0]).toMatchObject({ from: 'laptop', text: 'the door code is 4711' });
    } finally {
      receiving.close();
    }
  });

  describe('clipsync watch on a real X11 clipboard', () => {
    let machineA: X11Display;
    let machineB: X11Display;
    const running: RunningWatch[] = [];
    beforeAll(async () => {
      requireX11Tools();
      [machineA, machineB] = await Promise.all([startDisplay(), startDisplay()]);
    }, 60_000);
    afterEach(async () => {
      await Promise.all(running.splice(0).map((watch) => watch.stop()));
    });
    afterAll(async () => {
      await Promise.all([machineA?.close(), machineB?.close()]);
    });

    async function watchOn(display: X11Display, env: Record<string, string>) {
      const watch = startWatch({ ...env, DISPLAY: display.name, XDG_CONFIG_HOME: h.configHome });
      running.push(watch);
      await watch.ready;
      return watch;
    }

    const holds = (display: X11Display, check: () => Promise<boolean>, what: string) =>
      waitFor(check, 30_000, () =>
        [
          `${display.name} does not hold ${what}`,
          ...running.map((w) => `[${w.stdout.text()} | ${w.stderr.text()}]`),
        ].join(' '),
      );

    test('text and images go both ways sealed: copied here, pushed elsewhere', async () => {
      const { user, env } = await unlockedUser();
      await watchOn(machineA, env);
      await watchOn(machineB, env);

      // Pulled: a clip pushed by the CLI lands opened in both clipboards.
      expect((await h.cli(['push', '-t', 'pushed and sealed'], { env })).code).toBe(0);
      await holds(machineA, async () => (await machineA.pasteText()) === 'pushed and sealed', 'the pushed text');
      await holds(machineB, async () => (await machineB.pasteText()) === 'pushed and sealed', 'the pushed text');

      // Pushed: a copy on A is sealed on its way, and lands opened on B.
      await machineA.copy('copied on A, sealed ✓');
      await holds(machineB, async () => (await machineB.pasteText()) === 'copied on A, sealed ✓', 'the copy');
      const png = tinyPng(120);
      await machineA.copy(png, 'image/png');
      await holds(machineB, async () => (await machineB.paste('image/png'))?.equals(png) ?? false, 'the image');
      await sleep(800);

      const history = await historyOf(user);
      expect(history).toHaveLength(3);
      for (const clip of history) {
        expect(clip.wrappedKey).toBeDefined();
        expect(JSON.stringify(clip)).not.toMatch(/sealed|copied|clipboard-.*\.png/);
      }
      expect((await h.cli(['pull', history[1]!.id], { env })).stdout).toBe('copied on A, sealed ✓');
      const out = await mkdtemp(join(h.home, 'image-'));
      expect((await h.cli(['pull', history[0]!.id, '--files', out], { env })).code).toBe(0);
      const [name] = await readdir(out);
      expect(name).toMatch(/^clipboard-.*\.png$/);
      expect((await readFile(join(out, name!))).equals(png)).toBe(true);
    });

    test("a password manager's secret is still skipped: not sealed, not sent", async () => {
      const { user, env } = await unlockedUser();
      const watch = await watchOn(machineA, env);
      const manager = await ownClipboard(machineA.name, {
        UTF8_STRING: 'hunter2 in a password manager',
        'x-kde-passwordManagerHint': 'secret',
      });
      try {
        await waitFor(
          () => watch.stderr.text().includes(CONCEALED_MESSAGE),
          10_000,
          () => `nothing said of the secret: ${watch.stdout.text()} | ${watch.stderr.text()}`,
        );
        await sleep(800);
        expect(await historyOf(user)).toHaveLength(0);
      } finally {
        manager.close();
      }
    });

    test('a watch on a machine that has not unlocked stops at once with the locked message', async () => {
      const { env } = await unlockedUser();
      await h.cli(['lock'], { env });
      const watch = startWatch({ ...env, DISPLAY: machineA.name, XDG_CONFIG_HOME: h.configHome });
      expect(await watch.exited).toBe(1);
      expect(watch.stderr.text()).toContain(LOCKED_MESSAGE);
    });
  });
});
