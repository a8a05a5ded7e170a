import type { DesktopKind } from '@clipsync/shared';
import { definePolicy } from '../../lib/policy';

/** A desktop as one caller reached it: `kind` says how (desktop-access.ts resolves it, or answers 404). */
export interface DesktopAccess {
  kind: DesktopKind;
  ownerId: string | null;
}

/**
 * Reaching a desktop is its access check: your own (signed in), your network's (LAN), or one whose share
 * token you hold. Whoever reached it may view, add, move and delete blocks (the shared page adds and deletes
 * too); only the owner, on their own desktop page, manages its share link.
 */
export const desktopPolicy = definePolicy<DesktopAccess>()({
  read: () => true,
  addItems: () => true,
  moveItems: () => true,
  deleteItems: () => true,
  share: (actor, desktop) => desktop.kind === 'personal' && actor !== null && actor.userId === desktop.ownerId,
});
