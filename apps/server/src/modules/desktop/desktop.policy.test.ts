import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor';
import { desktopPolicy, type DesktopAccess } from './desktop.policy';

const owner: Actor = { userId: 'owner', sessionId: 's1', expiresAt: 0 };
const someoneElse: Actor = { userId: 'someone', sessionId: 's2', expiresAt: 0 };
const personal: DesktopAccess = { kind: 'personal', ownerId: 'owner' };
const viaLink: DesktopAccess = { kind: 'shared', ownerId: 'owner' };
const lan: DesktopAccess = { kind: 'lan', ownerId: null };

describe('desktopPolicy', () => {
  it('lets whoever reached a desktop add, move and delete blocks (the shared page adds and deletes too)', () => {
    for (const [actor, desktop] of [
      [owner, personal],
      [someoneElse, viaLink],
      [null, viaLink],
      [null, lan],
    ] as const) {
      expect(desktopPolicy.addItems(actor, desktop)).toBe(true);
      expect(desktopPolicy.moveItems(actor, desktop)).toBe(true);
      expect(desktopPolicy.deleteItems(actor, desktop)).toBe(true);
    }
  });

  it('leaves the share link to the owner, on their own desktop page only', () => {
    expect(desktopPolicy.share(owner, personal)).toBe(true);
    expect(desktopPolicy.share(owner, viaLink)).toBe(false);
    expect(desktopPolicy.share(someoneElse, personal)).toBe(false);
    expect(desktopPolicy.share(null, viaLink)).toBe(false);
    expect(desktopPolicy.share(null, lan)).toBe(false);
  });
});
