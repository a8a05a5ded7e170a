import type { DesktopItem, DesktopLayoutEntry } from '@clipsync/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { noCompactor, type Compactor, type EventCallback, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import './desktop-grid.css';
import {
  changedLayoutEntries,
  DESKTOP_CELL_PX,
  gridColumns,
  inScreenOrder,
  nearestFreeSpot,
  stackingOrder,
  toGridCell,
} from '../../lib/desktop-layout';
import { BLOCK_HANDLE_CLASS } from './DesktopBlock';
import { FileBlock } from './FileBlock';
import { TextBlock } from './TextBlock';
import { useBlockKeyboard } from './use-block-keyboard';
import { useScrollArea } from './use-scroll-area';

/**
 * Blocks stay where they are dropped and nothing else moves: with the library's default, a block dragged
 * across others pushes each one it passes over (measured in Chromium: one drag moved three blocks). A block
 * dropped onto another is nudged to the nearest free spot instead (see nearestFreeSpot).
 */
const FREE_PLACEMENT: Compactor = { ...noCompactor, allowOverlap: true };

interface DesktopGridProps {
  items: readonly DesktopItem[];
  /** The width the grid has on the page, in pixels (it grows past it for a block placed further right). */
  visibleWidth: number;
  canMove: boolean;
  canDelete: boolean;
  /** The blocks a drag or resize moved, once it ends, in pixels. */
  onLayoutChange: (entries: DesktopLayoutEntry[]) => void;
  onDelete: (item: DesktopItem) => void;
}

/**
 * The desktop's blocks where their owners put them. Grid cells are DESKTOP_CELL_PX square, so a block's
 * pixel position and size map to cells and back. Blocks drag by their title bar (mouse and touch) and
 * resize from their corner; a focused block moves and resizes with the arrow keys too.
 *
 * The blocks are in the page in screen order (top to bottom, then left to right), so Tab meets them as the
 * eye does; which one covers which is their z-index: the one changed last, then any this page moved or
 * focused, on top. The grid scrolls both ways inside its own area, which stays within the window, and says
 * so when blocks lie beyond it. Scaling it down instead would shrink the text past reading and turn every
 * drag's pixels into scaled ones.
 */
export function DesktopGrid({ items, visibleWidth, canMove, canDelete, onLayoutChange, onDelete }: DesktopGridProps) {
  const { t } = useTranslation();
  const ordered = useMemo(() => inScreenOrder(items), [items]);
  const layout = useMemo(() => ordered.map(toGridCell), [ordered]);
  const [raised, setRaised] = useState<readonly string[]>([]);
  const zIndexOf = useMemo(
    () => new Map(stackingOrder(items, raised).map((id, index) => [id, index + 1])),
    [items, raised],
  );
  const raise = (id: string) =>
    setRaised((current) => (current.at(-1) === id ? current : [...current.filter((known) => known !== id), id]));
  // A drop the nudge sends back where the block was changes nothing to save, so the grid, still showing the
  // drop, is drawn afresh from the layout.
  const [redraws, setRedraws] = useState(0);
  const { attach: attachScrollArea, width: areaWidth, isOverflowing } = useScrollArea(redraws);
  const width = areaWidth > 0 ? Math.min(visibleWidth, areaWidth) : visibleWidth;
  const cols = gridColumns(width, items);
  const keyboard = useBlockKeyboard(items, canMove, onLayoutChange);

  const commit = (next: Layout) => {
    const entries = changedLayoutEntries(next, items);
    if (entries.length > 0) onLayoutChange(entries);
    return entries.length > 0;
  };
  const onDragStop: EventCallback = (next, _before, dropped) => {
    if (!dropped) return void commit(next);
    const spot = nearestFreeSpot(
      dropped,
      next.filter((cell) => cell.i !== dropped.i),
    );
    const placed = next.map((cell) => (cell.i === dropped.i ? { ...cell, ...spot } : cell));
    if (!commit(placed)) setRedraws((count) => count + 1);
  };
  const onStart: EventCallback = (_layout, _before, item) => item && raise(item.i);

  return (
    <div className="space-y-2">
      {canMove && (
        <>
          <p id={keyboard.hintId} className="sr-only">
            {t('desktop.keyboardHint')}
          </p>
          <p aria-live="polite" aria-atomic="true" className="sr-only">
            {keyboard.announcement}
          </p>
        </>
      )}
      {isOverflowing && <p className="text-xs text-slate-600 dark:text-slate-300">{t('desktop.beyondView')}</p>}
      <div ref={attachScrollArea} className="max-h-[calc(100dvh-14rem)] min-h-64 overflow-auto">
        <ReactGridLayout
          key={redraws}
          layout={layout}
          width={cols * DESKTOP_CELL_PX}
          gridConfig={{ cols, rowHeight: DESKTOP_CELL_PX, margin: [0, 0], containerPadding: [0, 0] }}
          dragConfig={{ enabled: canMove, handle: `.${BLOCK_HANDLE_CLASS}` }}
          resizeConfig={{ enabled: canMove }}
          compactor={FREE_PLACEMENT}
          onDragStart={onStart}
          onResizeStart={onStart}
          onDragStop={onDragStop}
          onResizeStop={(next) => void commit(next)}
          className="desktop-grid min-h-64"
        >
          {ordered.map((item) => {
            const blockProps = { item, canMove, canDelete, onDelete, focusProps: keyboard.focusPropsOf(item) };
            // The inner padding is the gap between blocks: the grid itself has no margins, so cells stay pixels.
            return (
              <div
                key={item.id}
                className="p-1"
                style={{ zIndex: zIndexOf.get(item.id) }}
                onFocus={() => raise(item.id)}
              >
                {item.type === 'text' ? <TextBlock {...blockProps} /> : <FileBlock {...blockProps} />}
              </div>
            );
          })}
        </ReactGridLayout>
      </div>
    </div>
  );
}
