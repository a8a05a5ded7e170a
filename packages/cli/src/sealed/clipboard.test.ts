import type { DeviceSendPayload } from '@clipsync/shared';
import { AccountKey, DecryptError } from '@clipsync/shared/crypto';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import { sendText } from '../commands/send';
import { DeviceSendReceiver, describeSend, type ReceivedSend } from '../watch/device-sends';
import type { ClipKeys } from '../watch/watch-keys';
import { LOCKED_MESSAGE, SealedClipboard } from './clipboard';

const clipboardOf = async (key = AccountKey.generate()) =>
  SealedClipboard.of({ server: 'http://localhost', account: 'a', keyId: await key.id(), key: key.toBase64Url() });

const keysOf = (clipboard: SealedClipboard): ClipKeys => ({
  forSending: () => clipboard,
  sealedNow: async () => clipboard,
  forReading: async () => clipboard,
});

const sendOf = (body: { text: string; wrappedKey?: string }): DeviceSendPayload => ({
  id: 'a'.repeat(22),
  from: { deviceId: null, name: 'Laptop' },
  sentAt: new Date().toISOString(),
  ...body,
});

/** A device whose receive policy is `accept`. */
const client = {
  call: vi.fn(async () => ({ devices: [{ current: true, receivePolicy: 'accept' }] })),
  server: 'http://localhost',
} as unknown as ApiClient;

describe('SealedClipboard', () => {
  test('a new clip key wraps and opens again, once per wrapped key; another account’s key does not open it', async () => {
    const clipboard = await clipboardOf();
    const { key, wrappedKey } = await clipboard.newClipKey();
    expect(wrappedKey).toMatch(/^[A-Za-z0-9_-]{82}$/);
    const opened = clipboard.keyOf(wrappedKey);
    expect(clipboard.keyOf(wrappedKey)).toBe(opened);
    expect((await opened).fragment).toBe(key.fragment);
    await expect((await clipboardOf()).keyOf(wrappedKey)).rejects.toThrow(DecryptError);
  });
});

describe('sealed device sends', () => {
  test('a plain account sends the text as typed', async () => {
    expect(await sendText(null, 'hello')).toEqual({ text: 'hello' });
  });

  test('a sealed account sends an envelope and its wrapped key, which the receiving watch opens', async () => {
    const clipboard = await clipboardOf();
    const body = await sendText(clipboard, 'the door code is 4711');
    expect(body.wrappedKey).toMatch(/^[A-Za-z0-9_-]{82}$/);
    expect(body.text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(body.text).not.toContain('4711');

    const putInClipboard = vi.fn(async () => {});
    const reported: ReceivedSend[] = [];
    const receiver = new DeviceSendReceiver({
      client,
      keys: keysOf(clipboard),
      putInClipboard,
      report: (arrived) => reported.push(arrived),
    });
    const ack = vi.fn();
    await receiver.received(sendOf({ text: body.text!, wrappedKey: body.wrappedKey! }), ack);
    expect(putInClipboard).toHaveBeenCalledWith('the door code is 4711');
    expect(reported[0]).toMatchObject({ action: 'clipboard', text: 'the door code is 4711' });
    expect(ack).toHaveBeenCalledOnce();
  });

  test('a send sealed by another account, or cut, is told and acknowledged, never put in the clipboard', async () => {
    const mine = await clipboardOf();
    const body = await sendText(await clipboardOf(), 'not for this account');
    // Its own key, its text cut: the envelope fails to authenticate.
    const cut = await sendText(mine, 'cut short');
    const putInClipboard = vi.fn(async () => {});
    const reported: ReceivedSend[] = [];
    const receiver = new DeviceSendReceiver({
      client,
      keys: keysOf(mine),
      putInClipboard,
      report: (arrived) => reported.push(arrived),
    });
    const ack = vi.fn();
    await receiver.received(sendOf({ text: body.text!, wrappedKey: body.wrappedKey! }), ack);
    await receiver.received(
      { ...sendOf({ text: cut.text!.slice(0, -4), wrappedKey: cut.wrappedKey! }), id: 'b'.repeat(22) },
      ack,
    );
    expect(putInClipboard).not.toHaveBeenCalled();
    expect(ack).toHaveBeenCalledTimes(2);
    expect(reported.map((arrived) => arrived.text)).toEqual([null, null]);
    expect(describeSend(reported[0]!)).toContain(
      "Sent from Laptop: a sealed text, not opened: it does not open with this account's key",
    );
    expect(JSON.stringify(reported)).not.toMatch(/not for this account|cut short/);
  });

  test('a watch without the key says it is locked', async () => {
    const body = await sendText(await clipboardOf(), 'secret');
    const reported: ReceivedSend[] = [];
    const receiver = new DeviceSendReceiver({ client, report: (arrived) => reported.push(arrived) });
    await receiver.received(sendOf({ text: body.text!, wrappedKey: body.wrappedKey! }), () => {});
    expect(reported[0]).toMatchObject({ text: null, unopened: LOCKED_MESSAGE });
  });
});
