import type { DesktopItem, DesktopLayoutEntry } from '@clipsync/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_CELL_PX, toGridCell, type GridCell } from '../../lib/desktop-layout';
import { cellAfterKey } from './block-keys';

/** What makes a block the keyboard's: focusable, described by the keys' hint, answering the arrows. */
export interface BlockFocusProps {
  id: string;
  tabIndex: number;
  'aria-describedby': string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

const blockElementId = (itemId: string) => `desktop-block-${itemId}`;
const sameBox = (a: GridCell, b: GridCell) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
const toLayoutEntry = (cell: GridCell): DesktopLayoutEntry => ({
  id: cell.i,
  position: { x: cell.x * DESKTOP_CELL_PX, y: cell.y * DESKTOP_CELL_PX },
  size: { width: cell.w * DESKTOP_CELL_PX, height: cell.h * DESKTOP_CELL_PX },
});

/**
 * The keyboard's way to move and resize blocks (see cellAfterKey): each press goes to `onLayoutChange`,
 * the path a drag's end takes, so the page shows it at once and saves once the keys settle. Each result is
 * announced politely. Keys pressed inside a block (its buttons, its text) stay theirs.
 */
export function useBlockKeyboard(
  items: readonly DesktopItem[],
  canMove: boolean,
  onLayoutChange: (entries: DesktopLayoutEntry[]) => void,
) {
  const { t } = useTranslation();
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  // Where keys put each block, and the rendered block that was based on. The cache has the move at once but
  // the grid re-renders a task later: until it has (the block is still the same object), quick presses
  // build on the last press rather than on the last rendered place.
  const pressed = useRef(new Map<string, { cell: GridCell; basis: DesktopItem }>());
  // The block keys last moved. A save re-stacks the blocks (the one changed last goes on top), which moves
  // its element in the page and so drops its focus: it is given back.
  const keyedBlock = useRef<string | null>(null);

  useLayoutEffect(() => {
    const active = document.activeElement;
    if (keyedBlock.current && (!active || active === document.body)) {
      document.getElementById(blockElementId(keyedBlock.current))?.focus({ preventScroll: true });
    }
  }, [items]);
  // A pointer elsewhere means the user has moved on: focus is no longer given back.
  useEffect(() => {
    const forget = () => {
      keyedBlock.current = null;
    };
    document.addEventListener('pointerdown', forget);
    return () => document.removeEventListener('pointerdown', forget);
  }, []);

  const focusPropsOf = (item: DesktopItem): BlockFocusProps | undefined => {
    if (!canMove) return undefined;
    return {
      id: blockElementId(item.id),
      tabIndex: 0,
      'aria-describedby': hintId,
      onKeyDown: (event) => {
        if (event.target !== event.currentTarget) return;
        const last = pressed.current.get(item.id);
        const before = last?.basis === item ? last.cell : toGridCell(item);
        const result = cellAfterKey(before, event);
        if (!result) return;
        event.preventDefault(); // no page scroll, and Alt+Left is not the browser's Back
        keyedBlock.current = item.id;
        const { cell } = result;
        if (!sameBox(cell, before)) {
          pressed.current.set(item.id, { cell, basis: item });
          onLayoutChange([toLayoutEntry(cell)]);
        }
        const { position, size } = toLayoutEntry(cell);
        setAnnouncement(result.kind === 'move' ? t('desktop.movedTo', position) : t('desktop.resizedTo', size));
      },
      onBlur: (event) => {
        if (event.relatedTarget) keyedBlock.current = null;
      },
    };
  };

  return { hintId, announcement, focusPropsOf };
}
