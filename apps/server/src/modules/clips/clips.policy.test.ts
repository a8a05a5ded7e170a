import { describe, expect, test } from 'vitest';
import type { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/policy';
import { clipPolicy, type ClipAction } from './clips.policy';

const clip = { userId: 'owner' };
const actors: Record<string, Actor> = {
  owner: { userId: 'owner', sessionId: 's1', expiresAt: 0 },
  other: { userId: 'other', sessionId: 's2', expiresAt: 0 },
  signedOut: null,
};
const changes: ClipAction[] = [
  'update',
  'upload',
  'deleteFile',
  'favorite',
  'delete',
  'publishLive',
  'share',
  'viewLog',
];

describe('clipPolicy', () => {
  test.each(Object.keys(actors))('%s may read', (name) => {
    expect(clipPolicy.read(actors[name] ?? null, clip)).toBe(true);
  });

  test.each(changes)('only the owner may %s', (action) => {
    expect(clipPolicy[action](actors.owner ?? null, clip)).toBe(true);
    expect(clipPolicy[action](actors.other ?? null, clip)).toBe(false);
    expect(clipPolicy[action](null, clip)).toBe(false);
  });

  test('authorize: another user gets 403, a signed-out caller 401', () => {
    const codeOf = (actor: Actor) => {
      try {
        authorize(clipPolicy, 'update', actor, clip);
        return 'allowed';
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(codeOf(actors.owner ?? null)).toBe('allowed');
    expect(codeOf(actors.other ?? null)).toBe('FORBIDDEN');
    expect(codeOf(null)).toBe('UNAUTHORIZED');
  });
});
