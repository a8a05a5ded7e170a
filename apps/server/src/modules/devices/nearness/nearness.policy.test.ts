import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../lib/actor';
import type { AppError } from '../../../lib/app-error';
import { authorize } from '../../../lib/policy';
import { nearPeerPolicy } from './nearness.policy';

const peer = { userId: 'owner', sessionId: 'phone-session' };
const actors: Record<string, Actor> = {
  ownDevice: { userId: 'owner', sessionId: 'laptop-session', expiresAt: 0 },
  theDeviceItself: { userId: 'owner', sessionId: 'phone-session', expiresAt: 0 },
  otherUser: { userId: 'other', sessionId: 'stranger-session', expiresAt: 0 },
  // Another user's session presenting the owner's device session id as its own is still another user.
  forgedSession: { userId: 'other', sessionId: 'phone-session', expiresAt: 0 },
  signedOut: null,
};

const codeOf = (actor: Actor, action: 'signal' | 'prove') => {
  try {
    authorize(nearPeerPolicy, action, actor, peer);
    return 'allowed';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('nearPeerPolicy', () => {
  test.each([
    ['ownDevice', 'allowed'],
    ['theDeviceItself', 'FORBIDDEN'],
    ['otherUser', 'NOT_FOUND'],
    ['forgedSession', 'NOT_FOUND'],
    ['signedOut', 'NOT_FOUND'],
  ])('%s: signal and prove are %s', (who, expected) => {
    expect(codeOf(actors[who] ?? null, 'signal')).toBe(expected);
    expect(codeOf(actors[who] ?? null, 'prove')).toBe(expected);
  });
});
