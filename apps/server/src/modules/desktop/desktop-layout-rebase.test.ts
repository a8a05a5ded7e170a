import type { Desktop, DesktopItem } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';

/** Set-up creates a user (argon2 hash) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const SIZE = { width: 200, height: 150 };

describe('a desktop layout save that started from older versions', () => {
  let testApp: TestApp;
  let owner: TestUser;

  const addText = async (content: string, x: number) =>
    (
      await testApp.as(owner).post('/api/virtual-desktop/items/text', { content, position: { x, y: 0 } })
    ).json<DesktopItem>();
  const saveLayout = (items: object[]) => testApp.as(owner).patch('/api/virtual-desktop/items', { items });
  const stored = async () => (await testApp.as(owner).get('/api/virtual-desktop')).json<Desktop>().items;

  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('is re-based: its blocks take their places over the changes since, blocks deleted since are left out', async () => {
    const [notes, photo, gone] = [await addText('notes', 0), await addText('photo', 300), await addText('gone', 600)];
    expect([notes.version, photo.version, gone.version]).toEqual([1, 1, 1]);

    // Another device moves the photo and deletes a block while this one is dragging.
    const elsewhere = await saveLayout([{ id: photo.id, position: { x: 900, y: 900 }, size: SIZE, version: 1 }]);
    expect(elsewhere.json<DesktopItem[]>()).toMatchObject([{ id: photo.id, version: 2 }]);
    expect((await testApp.as(owner).delete(`/api/virtual-desktop/items/${gone.id}`)).statusCode).toBe(204);

    const drag = await saveLayout([
      { id: notes.id, position: { x: 40, y: 40 }, size: SIZE, version: notes.version },
      { id: gone.id, position: { x: 80, y: 80 }, size: SIZE, version: gone.version },
    ]);
    expect(drag.statusCode).toBe(200);
    expect(drag.json<DesktopItem[]>()).toEqual([
      expect.objectContaining({ id: notes.id, position: { x: 40, y: 40 }, version: 2 }),
    ]);
    const after = await stored();
    expect(after.map(({ id, position }) => ({ id, position }))).toEqual([
      { id: notes.id, position: { x: 40, y: 40 } },
      { id: photo.id, position: { x: 900, y: 900 } },
    ]);
  });

  test('a block changed since still takes the place the drag gave it, at the next version', async () => {
    const block = await addText('moved twice', 0);
    await saveLayout([{ id: block.id, position: { x: 10, y: 10 }, size: SIZE, version: 1 }]);
    const late = await saveLayout([{ id: block.id, position: { x: 20, y: 20 }, size: SIZE, version: 1 }]);
    expect(late.statusCode).toBe(200);
    expect(late.json<DesktopItem[]>()).toMatchObject([{ id: block.id, position: { x: 20, y: 20 }, version: 3 }]);
  });

  test('without versions (a client from before them), an unknown block still refuses the whole save', async () => {
    const block = await addText('old client', 0);
    const refused = await saveLayout([
      { id: block.id, position: { x: 50, y: 50 }, size: SIZE },
      { id: 'AAAAAAAAAAAAAAAAAAAAAA', position: { x: 0, y: 0 }, size: SIZE },
    ]);
    expect(refused.statusCode).toBe(404);
    expect((await stored()).find((item) => item.id === block.id)?.position).toEqual({ x: 0, y: 0 });
  });
});
