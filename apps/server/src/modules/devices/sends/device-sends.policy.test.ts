import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../lib/actor';
import { deviceSendPolicy, sendTargetPolicy, sentClipPolicy } from './device-sends.policy';

const actors: Record<string, Actor> = {
  'the sending device': { userId: 'owner', sessionId: 'laptop', expiresAt: 0 },
  'the target device': { userId: 'owner', sessionId: 'phone', expiresAt: 0 },
  'another of the owner’s devices': { userId: 'owner', sessionId: 'tablet', expiresAt: 0 },
  'another user': { userId: 'other', sessionId: 'other-phone', expiresAt: 0 },
  'a forged session id of the owner, under another user': { userId: 'other', sessionId: 'phone', expiresAt: 0 },
  'signed out': null,
};

const phone = { userId: 'owner', sessionId: 'phone' };
const send = { userId: 'owner', toSessionId: 'phone' };
const clip = { userId: 'owner' };

describe('device sends policy', () => {
  test.each([
    // actor, read target, send to target, send clip, read the send, ack the send
    ['the sending device', true, true, true, false, false],
    ['the target device', true, false, true, true, true],
    ['another of the owner’s devices', true, true, true, false, false],
    ['another user', false, false, false, false, false],
    ['a forged session id of the owner, under another user', false, false, false, false, false],
    ['signed out', false, false, false, false, false],
  ] as const)('%s', (name, readTarget, sendTo, sendClip, readSend, ack) => {
    const actor = actors[name] ?? null;
    expect(sendTargetPolicy.read(actor, phone)).toBe(readTarget);
    expect(sendTargetPolicy.sendTo(actor, phone)).toBe(sendTo);
    expect(sentClipPolicy.send(actor, clip)).toBe(sendClip);
    expect(sentClipPolicy.read(actor, clip)).toBe(sendClip);
    expect(deviceSendPolicy.read(actor, send)).toBe(readSend);
    expect(deviceSendPolicy.ack(actor, send)).toBe(ack);
  });
});
