import type { DesktopItem } from '@clipsync/shared';

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** A desktop block was added, moved or resized, or removed: every open view of the desktop follows. */
    'desktop.item-added': { desktopId: string; item: DesktopItem };
    'desktop.item-changed': { desktopId: string; item: DesktopItem };
    'desktop.item-removed': { desktopId: string; itemId: string };
    /** The owner rotated or revoked the share link: views opened by the old link stop hearing changes. */
    'desktop.share-revoked': { desktopId: string };
  }
}
