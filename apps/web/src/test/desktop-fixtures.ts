import type { Desktop, DesktopAbilities, DesktopItem } from '@clipsync/shared';

/** What the server grants on a personal desktop's owner, and on a LAN or shared desktop. */
export const DESKTOP_OWNER_ABILITIES: DesktopAbilities = {
  addItems: true,
  moveItems: true,
  deleteItems: true,
  share: true,
};
export const DESKTOP_GUEST_ABILITIES: DesktopAbilities = { ...DESKTOP_OWNER_ABILITIES, share: false };

/** A desktop block as the server sends it: a 200×150 text block at 0,0 unless told otherwise. */
export function makeDesktopItem(overrides: Partial<DesktopItem> = {}): DesktopItem {
  return {
    id: 'item-1',
    type: 'text',
    content: 'Hello desktop',
    version: 1,
    position: { x: 0, y: 0 },
    size: { width: 200, height: 150 },
    file_name: null,
    file_size: null,
    file_type: null,
    file_url: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function makeDesktopFileItem(overrides: Partial<DesktopItem> = {}): DesktopItem {
  return makeDesktopItem({
    id: 'file-1',
    type: 'file',
    content: '',
    position: { x: 210, y: 0 },
    file_name: 'photo.png',
    file_size: 1536,
    file_type: 'image/png',
    file_url: '/api/virtual-desktop/files/file1file1file1file1ab/photo.png?access=c2lnbmVk.bWFj',
    ...overrides,
  });
}

/** The signed-in user's own desktop, not shared yet. */
export function makeDesktop(overrides: Partial<Desktop> = {}): Desktop {
  return {
    id: 'desktop-1',
    network_id: 'net-1',
    kind: 'personal',
    items: [makeDesktopItem()],
    shareToken: null,
    notice: null,
    itemsExpireAfterMs: null,
    abilities: DESKTOP_OWNER_ABILITIES,
    ...overrides,
  };
}
