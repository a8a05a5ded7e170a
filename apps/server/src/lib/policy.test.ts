import { describe, expect, test } from 'vitest';
import type { Actor } from './actor';
import { AppError } from './app-error';
import { abilitiesOf, authorize, definePolicy } from './policy';

/** A private note: only its author may read it, and only its author may edit it. */
const note = { authorId: 'author' };
const notePolicy = definePolicy<typeof note>()({
  read: (actor, resource) => actor?.userId === resource.authorId,
  edit: (actor, resource) => actor?.userId === resource.authorId,
  archive: () => false,
});
const author: Actor = { userId: 'author', sessionId: 's1', expiresAt: 0 };
const stranger: Actor = { userId: 'stranger', sessionId: 's2', expiresAt: 0 };

const outcome = (run: () => void) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}` : 'thrown';
  }
};

describe('authorize', () => {
  test('a caller who may not read gets 404, so the resource does not leak, signed in or not', () => {
    expect(outcome(() => authorize(notePolicy, 'edit', stranger, note))).toBe('404 NOT_FOUND');
    expect(outcome(() => authorize(notePolicy, 'edit', null, note))).toBe('404 NOT_FOUND');
  });

  test('a reader who may not act gets 403; an allowed action passes', () => {
    expect(outcome(() => authorize(notePolicy, 'archive', author, note))).toBe('403 FORBIDDEN');
    expect(outcome(() => authorize(notePolicy, 'edit', author, note))).toBe('allowed');
  });
});

describe('abilitiesOf', () => {
  test('answers each listed action from the same policy', () => {
    expect(abilitiesOf(notePolicy, ['edit', 'archive'], author, note)).toEqual({ edit: true, archive: false });
    expect(abilitiesOf(notePolicy, ['edit', 'archive'], stranger, note)).toEqual({ edit: false, archive: false });
  });
});
