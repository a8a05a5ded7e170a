import { describe, expect, test } from 'vitest';
import type { Actor } from '../../lib/actor';
import type { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { roomContentPolicy, roomPolicy, type RoomAccess, type RoomAction } from './rooms.policy';

const signedIn = (userId: string): Actor => ({ userId, sessionId: `s-${userId}`, expiresAt: 0 });
type Who = 'owner' | 'member' | 'removedMember' | 'outsider' | 'signedOut';
const actors: Record<Who, Actor> = {
  owner: signedIn('owner'),
  member: signedIn('member'),
  removedMember: signedIn('removed'),
  outsider: signedIn('outsider'),
  signedOut: null,
};
/** The room as each actor sees it: a removed member has no role any more, exactly like an outsider. */
const roleOf: Record<Who, RoomAccess['role']> = {
  owner: 'owner',
  member: 'member',
  removedMember: null,
  outsider: null,
  signedOut: null,
};
const accessOf = (who: Who, isPrivate: boolean): RoomAccess => ({ ownerId: 'owner', isPrivate, role: roleOf[who] });

/** Who may do what, for a public room; a private room differs only in `read` and `join` (below). */
const allowed: Record<RoomAction, Who[]> = {
  read: ['owner', 'member', 'removedMember', 'outsider'],
  join: ['removedMember', 'outsider'],
  view: ['owner', 'member'],
  listen: ['owner', 'member'],
  update: ['owner'],
  delete: ['owner'],
  rotateInvite: ['owner'],
  removeMember: ['owner'],
  addMember: ['owner', 'member'],
  viewInvitations: ['owner', 'member'],
  cancelInvitation: ['owner'],
  addContent: ['owner', 'member'],
  deleteContent: ['owner', 'member'],
  viewActivity: ['owner', 'member'],
  leave: ['member'],
};
const privateAllowed: Record<RoomAction, Who[]> = { ...allowed, read: ['owner', 'member'], join: [] };
const everyone = Object.keys(actors) as Who[];

describe('roomPolicy', () => {
  for (const [label, isPrivate, table] of [
    ['public room', false, allowed],
    ['private room', true, privateAllowed],
  ] as const) {
    describe(label, () => {
      const cases = (Object.keys(table) as RoomAction[]).flatMap((action) =>
        everyone.map((who) => [action, who, table[action].includes(who)] as const),
      );
      test.each(cases)('%s by %s → %s', (action, who, expected) => {
        expect(roomPolicy[action](actors[who], accessOf(who, isPrivate))).toBe(expected);
      });
    });
  }

  const codeOf = (action: RoomAction, who: Who, isPrivate: boolean) => {
    try {
      authorize(roomPolicy, action, actors[who], accessOf(who, isPrivate));
      return 'allowed';
    } catch (error) {
      return (error as AppError).code;
    }
  };

  test('a private room is 404 to outsiders, removed members and signed-out callers', () => {
    for (const who of ['outsider', 'removedMember', 'signedOut'] as const) {
      expect(codeOf('view', who, true)).toBe('NOT_FOUND');
      expect(codeOf('addContent', who, true)).toBe('NOT_FOUND');
    }
  });

  test('a public room is 403 to an outsider who tries to change it, 404 to a signed-out caller', () => {
    expect(codeOf('addContent', 'outsider', false)).toBe('FORBIDDEN');
    expect(codeOf('delete', 'member', false)).toBe('FORBIDDEN');
    expect(codeOf('view', 'signedOut', false)).toBe('NOT_FOUND');
  });
});

describe('roomContentPolicy', () => {
  const item = (who: Who, authorId: string) => ({ room: accessOf(who, false), authorId });
  test.each([
    ['the author', 'member', 'member', true, true],
    ['another member', 'member', 'owner', false, true],
    ['the owner, of a member’s text', 'owner', 'member', false, true],
    ['an outsider', 'outsider', 'outsider', false, false],
    ['a removed author', 'removedMember', 'removed', false, false],
  ] as const)('%s: edit %s, delete %s', (_name, who, authorId, mayEdit, mayDelete) => {
    expect(roomContentPolicy.edit(actors[who], item(who, authorId))).toBe(mayEdit);
    expect(roomContentPolicy.delete(actors[who], item(who, authorId))).toBe(mayDelete);
  });
});
