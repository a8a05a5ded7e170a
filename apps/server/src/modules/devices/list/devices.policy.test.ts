import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../lib/actor';
import type { AppError } from '../../../lib/app-error';
import { authorize } from '../../../lib/policy';
import { devicePolicy } from './devices.policy';

const device = { userId: 'owner', sessionId: 's1' };
const actors: Record<string, Actor> = {
  owner: { userId: 'owner', sessionId: 's1', expiresAt: 0 },
  other: { userId: 'other', sessionId: 's2', expiresAt: 0 },
  signedOut: null,
};

describe('devicePolicy', () => {
  test.each(['read', 'update', 'remove'] as const)('only the owner may %s', (action) => {
    expect(devicePolicy[action](actors.owner ?? null, device)).toBe(true);
    expect(devicePolicy[action](actors.other ?? null, device)).toBe(false);
    expect(devicePolicy[action](null, device)).toBe(false);
  });

  test('only the owner signed in to a browser may set a receive policy: a token of the owner may not', () => {
    const token: Actor = { userId: 'owner', sessionId: 's3', expiresAt: 0, scopes: ['clips:write'] };
    expect(devicePolicy.setReceivePolicy(actors.owner ?? null, device)).toBe(true);
    expect(devicePolicy.setReceivePolicy(token, device)).toBe(false);
    expect(devicePolicy.update(token, device)).toBe(true);
    expect(devicePolicy.setReceivePolicy(actors.other ?? null, device)).toBe(false);
  });

  test("a token renames only the device it signed in as; a browser of the owner renames any of the account's", () => {
    const token: Actor = { userId: 'owner', sessionId: 's3', expiresAt: 0, scopes: ['clips:write'] };
    expect(devicePolicy.rename(actors.owner ?? null, device)).toBe(true);
    expect(devicePolicy.rename(token, device)).toBe(false);
    expect(devicePolicy.rename(token, { userId: 'owner', sessionId: 's3' })).toBe(true);
    expect(devicePolicy.rename({ ...token, userId: 'other' }, { userId: 'owner', sessionId: 's3' })).toBe(false);
  });

  test('authorize: another user is told the device does not exist (404), as a signed-out caller is', () => {
    const codeOf = (actor: Actor, action: 'update' | 'remove') => {
      try {
        authorize(devicePolicy, action, actor, device);
        return 'allowed';
      } catch (error) {
        return (error as AppError).code;
      }
    };
    for (const action of ['update', 'remove'] as const) {
      expect(codeOf(actors.owner ?? null, action)).toBe('allowed');
      expect(codeOf(actors.other ?? null, action)).toBe('NOT_FOUND');
      expect(codeOf(null, action)).toBe('NOT_FOUND');
    }
  });
});
