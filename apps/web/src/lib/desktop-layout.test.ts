import { describe, expect, test } from 'vitest';
import { makeDesktopItem } from '../test/desktop-fixtures';
import {
  changedLayoutEntries,
  gridColumns,
  inScreenOrder,
  nearestFreeSpot,
  nextFreePosition,
  stackingOrder,
  toGridCell,
} from './desktop-layout';

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

  test('a drop on free ground stays where it was dropped, touching edges included', () => {
    const other = { x: 20, y: 0, w: 20, h: 15 };
    expect(nearestFreeSpot({ x: 0, y: 0, w: 20, h: 15 }, [other])).toEqual({ x: 0, y: 0 });
    expect(nearestFreeSpot({ x: 5, y: 30, w: 20, h: 15 }, [other])).toEqual({ x: 5, y: 30 });
  });

  test('a drop onto another block is nudged to the nearest free spot', () => {
    const other = { x: 20, y: 0, w: 20, h: 15 };
    // Mostly left of the other block: out to its left, the shortest way.
    expect(nearestFreeSpot({ x: 3, y: 2, w: 20, h: 15 }, [other])).toEqual({ x: 0, y: 2 });
    // Mostly below it: down past its bottom edge.
    expect(nearestFreeSpot({ x: 22, y: 12, w: 20, h: 15 }, [other])).toEqual({ x: 22, y: 15 });
  });

  test('the nudge skips spots other blocks take and never leaves the desktop’s top-left', () => {
    const blocks = [
      { x: 0, y: 0, w: 20, h: 15 },
      { x: 20, y: 0, w: 20, h: 15 },
      { x: 0, y: 15, w: 20, h: 15 },
    ];
    // Dropped on the top-left block, hard against the corner: left and up are off the desktop, right and
    // below are taken, so it goes to the nearest spot that is free.
    expect(nearestFreeSpot({ x: 1, y: 1, w: 20, h: 15 }, blocks)).toEqual({ x: 20, y: 15 });
  });

  test('screen order reads top to bottom, then left to right', () => {
    const items = [
      makeDesktopItem({ id: 'right', position: { x: 300, y: 0 } }),
      makeDesktopItem({ id: 'below', position: { x: 0, y: 200 } }),
      makeDesktopItem({ id: 'left', position: { x: 0, y: 0 } }),
    ];
    expect(inScreenOrder(items).map((item) => item.id)).toEqual(['left', 'right', 'below']);
  });

  test('stacking: the block changed last is on top, and a raised block above all, the latest frontmost', () => {
    const items = [
      makeDesktopItem({ id: 'new', updated_at: '2026-01-03T00:00:00.000Z' }),
      makeDesktopItem({ id: 'old', updated_at: '2026-01-01T00:00:00.000Z' }),
      makeDesktopItem({ id: 'mid', updated_at: '2026-01-02T00:00:00.000Z' }),
    ];
    expect(stackingOrder(items, [])).toEqual(['old', 'mid', 'new']);
    expect(stackingOrder(items, ['old', 'gone', 'mid'])).toEqual(['new', 'old', 'mid']);
  });
});
