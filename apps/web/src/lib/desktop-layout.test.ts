import { describe, expect, test } from 'vitest';
import { makeDesktopItem } from '../test/desktop-fixtures';
import { changedLayoutEntries, gridColumns, nextFreePosition, toGridCell } from './desktop-layout';

describe('desktop layout', () => {
  test('a block’s pixels become 10-px cells, with the contract’s size bounds', () => {
    const cell = toGridCell(makeDesktopItem({ position: { x: 214, y: 36 }, size: { width: 200, height: 150 } }));
    expect(cell).toMatchObject({ i: 'item-1', x: 21, y: 4, w: 20, h: 15, minW: 4, minH: 4, maxW: 400, maxH: 400 });
  });

  test('only the blocks a drag changed are saved, in pixels', () => {
    const items = [
      makeDesktopItem({ id: 'a', position: { x: 3, y: 0 } }),
      makeDesktopItem({ id: 'b', position: { x: 300, y: 0 } }),
    ];
    const layout = [
      { i: 'a', x: 0, y: 0, w: 20, h: 15 },
      { i: 'b', x: 40, y: 5, w: 25, h: 15 },
    ];
    expect(changedLayoutEntries(layout, items)).toEqual([
      { id: 'b', position: { x: 400, y: 50 }, size: { width: 250, height: 150 } },
    ]);
  });

  test('the grid is as wide as the page, or wider when a block sits further right', () => {
    expect(gridColumns(1000, [])).toBe(100);
    expect(gridColumns(500, [makeDesktopItem({ position: { x: 900, y: 0 } })])).toBe(110);
    expect(gridColumns(0, [])).toBe(21);
  });

  test('a new block goes to 0,0 on an empty desktop, else to the first free slot (default 200×150 blocks)', () => {
    expect(nextFreePosition([], 1000)).toEqual({ x: 0, y: 0 });
    const first = makeDesktopItem({ id: 'a' });
    expect(nextFreePosition([first], 1000)).toEqual({ x: 210, y: 0 });
    expect(nextFreePosition([first], 300)).toEqual({ x: 0, y: 160 });
  });
});
