import { describe, expect, test } from 'vitest';
import { desktopFileUrl, isDesktopFileUrl, LanDesktopData } from './desktop';

const ID = 'abcdefghijklmnopqrstuv';
const ACCESS = 'c3ViamVjdA.bWFjbWFjbWFj';

describe('desktop file links', () => {
  test('what the server builds is accepted, whatever the file is called', () => {
    for (const name of ['photo.png', 'a b/c?d#e&f.pdf', '.bashrc', '..', '.', '%2e%2e', 'é😀.txt']) {
      const url = desktopFileUrl(ID, name, ACCESS);
      expect(isDesktopFileUrl(url), url).toBe(true);
      // Resolved as a browser does, it stays the file's address.
      expect(new URL(url, 'https://clipsync.example').pathname.startsWith(`/api/virtual-desktop/files/${ID}/`)).toBe(
        true,
      );
    }
  });

  test.each([
    `/api/virtual-desktop/files/../../rooms/join/${ID}`,
    `/api/virtual-desktop/files/${ID}/../../../rooms/join/token?access=${ACCESS}`,
    `/api/virtual-desktop/files/${ID}/..?access=${ACCESS}`,
    `/api/virtual-desktop/files/${ID}/%2e%2E?access=${ACCESS}`,
    `/api/virtual-desktop/files/${ID}/.%2e?access=${ACCESS}`,
    `/api/virtual-desktop/files/%2e%2e/photo.png?access=${ACCESS}`,
    `/api/virtual-desktop/files/${ID}/photo.png?access=${ACCESS}&next=/rooms/join/token`,
    `/api/virtual-desktop/files/${ID}/photo.png?access=${ACCESS}#/rooms`,
    `/api/virtual-desktop/files/${ID}/photo.png`,
    `/api/virtual-desktop/files/${ID}/photo.png/x?access=${ACCESS}`,
    `/api/virtual-desktop/files/${ID}/a\\..\\b?access=${ACCESS}`,
    `//evil.example/api/virtual-desktop/files/${ID}/photo.png?access=${ACCESS}`,
  ])('%s is refused', (url) => {
    expect(isDesktopFileUrl(url)).toBe(false);
    const item = { id: 'i', type: 'file', content: '', position: { x: 0, y: 0 }, size: { width: 1, height: 1 } };
    const file = { ...item, file_name: 'x', file_size: 1, file_type: 'x/y', created_at: '', updated_at: '' };
    const desktop = { desktopId: 'd', lastUpdated: '', items: [{ ...file, file_url: url }] };
    expect(LanDesktopData.safeParse(desktop).success).toBe(false);
  });
});
