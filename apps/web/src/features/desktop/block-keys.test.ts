import { describe, expect, test } from 'vitest';
import { toGridCell } from '../../lib/desktop-layout';
import { makeDesktopItem } from '../../test/desktop-fixtures';
import { cellAfterKey } from './block-keys';

const press = (key: string, modifiers: { shiftKey?: boolean; altKey?: boolean; ctrlKey?: boolean } = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});
const at = (x: number, y: number, width = 200, height = 150) =>
  toGridCell(makeDesktopItem({ position: { x, y }, size: { width, height } }));

describe('block keys', () => {
  test('arrows move one 10-px step, Shift ten', () => {
    expect(cellAfterKey(at(100, 100), press('ArrowRight'))).toMatchObject({ kind: 'move', cell: { x: 11, y: 10 } });
    expect(cellAfterKey(at(100, 100), press('ArrowUp'))).toMatchObject({ cell: { x: 10, y: 9 } });
    expect(cellAfterKey(at(100, 100), press('ArrowDown', { shiftKey: true }))).toMatchObject({
      cell: { x: 10, y: 20, w: 20, h: 15 },
    });
  });

  test('a block never goes above or left of the grid, nor past the contract’s coordinate bound', () => {
    expect(cellAfterKey(at(0, 30), press('ArrowLeft'))?.cell).toMatchObject({ x: 0, y: 3 });
    expect(cellAfterKey(at(0, 30), press('ArrowUp', { shiftKey: true }))?.cell).toMatchObject({ x: 0, y: 0 });
    expect(cellAfterKey(at(19_990, 0), press('ArrowRight', { shiftKey: true }))?.cell).toMatchObject({ x: 2000 });
  });

  test('Alt resizes: Right and Down grow, Left and Up shrink, within the contract’s size limits', () => {
    expect(cellAfterKey(at(0, 0), press('ArrowRight', { altKey: true }))).toMatchObject({
      kind: 'resize',
      cell: { x: 0, y: 0, w: 21, h: 15 },
    });
    expect(cellAfterKey(at(0, 0), press('ArrowUp', { altKey: true, shiftKey: true }))?.cell).toMatchObject({ h: 5 });
    expect(cellAfterKey(at(0, 0, 50, 50), press('ArrowLeft', { altKey: true, shiftKey: true }))?.cell).toMatchObject({
      w: 4,
    });
    expect(cellAfterKey(at(0, 0, 4000, 150), press('ArrowRight', { altKey: true }))?.cell).toMatchObject({ w: 400 });
  });

  test('other keys, and arrows with Ctrl or ⌘, are not the block’s', () => {
    expect(cellAfterKey(at(0, 0), press('Enter'))).toBeNull();
    expect(cellAfterKey(at(0, 0), press('ArrowRight', { ctrlKey: true }))).toBeNull();
    expect(cellAfterKey(at(0, 0), { ...press('ArrowRight'), metaKey: true })).toBeNull();
  });
});
