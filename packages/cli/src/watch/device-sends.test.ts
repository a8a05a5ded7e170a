import type { DeviceSendPayload } from '@clipsync/shared';
import { describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../api-client';
import { DeviceSendReceiver, describeSend, type ReceivedSend } from './device-sends';

const sendOf = (id: string, text: string): DeviceSendPayload => ({
  id: id.padEnd(22, 'x'),
  from: { deviceId: null, name: 'Phone' },
  sentAt: new Date().toISOString(),
  text,
});

/** An API client whose device list says this device's policy is `policy`, counting the calls. */
function clientWith(policy: 'ask' | 'accept' | 'off') {
  const call = vi.fn(async () => ({ devices: [{ current: true, receivePolicy: policy }] }));
  return { client: { call, server: 'http://localhost' } as unknown as ApiClient, call };
}

describe('DeviceSendReceiver', () => {
  test('acts on an id once and acknowledges it every time it comes', async () => {
    const { client } = clientWith('accept');
    const putInClipboard = vi.fn(async () => {});
    const reported: ReceivedSend[] = [];
    const receiver = new DeviceSendReceiver({ client, putInClipboard, report: (sent) => reported.push(sent) });
    const ack = vi.fn();
    await receiver.received(sendOf('a', 'hello'), ack);
    await receiver.received(sendOf('a', 'hello'), ack);
    expect(putInClipboard).toHaveBeenCalledOnce();
    expect(reported.map(({ action }) => action)).toEqual(['clipboard']);
    expect(ack).toHaveBeenCalledTimes(2);
  });

  test('a burst of sends asks for the receive policy once', async () => {
    const { client, call } = clientWith('accept');
    const receiver = new DeviceSendReceiver({ client, putInClipboard: async () => {}, report: () => {} });
    await Promise.all(['a', 'b', 'c'].map((id) => receiver.received(sendOf(id, id), () => {})));
    expect(call).toHaveBeenCalledOnce();
    // The next send, after the burst, asks again: a policy changed meanwhile applies to it.
    await receiver.received(sendOf('d', 'd'), () => {});
    expect(call).toHaveBeenCalledTimes(2);
  });

  test('a watch that does not write the clipboard (--send-only) reports and acknowledges, never asks or copies', async () => {
    const { client, call } = clientWith('accept');
    const reported: ReceivedSend[] = [];
    const receiver = new DeviceSendReceiver({ client, report: (sent) => reported.push(sent) });
    const ack = vi.fn();
    await receiver.received(sendOf('a', 'hello'), ack);
    expect(reported).toEqual([expect.objectContaining({ action: 'shown', text: 'hello', from: 'Phone' })]);
    expect(ack).toHaveBeenCalledOnce();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('describeSend', () => {
  test('a text shown is quoted on one line, with nothing in it a terminal would act on or reorder', () => {
    const shown: ReceivedSend = {
      event: 'send-received',
      id: 'a',
      from: 'Phone\u202E',
      action: 'shown',
      text: 'line one\n\tline two \u009b2J \u202Eright',
      clipId: null,
      files: [],
    };
    expect(describeSend(shown)).toBe(
      'Sent from Phone\uFFFD: text (29 characters): "line one\\n\\tline two \uFFFD2J \uFFFDright"',
    );
  });
});
