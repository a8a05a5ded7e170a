import type { DesktopItem, DesktopLayoutEntry } from '@clipsync/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { noCompactor, type Compactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import './desktop-grid.css';
import { changedLayoutEntries, DESKTOP_CELL_PX, gridColumns, toGridCell } from '../../lib/desktop-layout';
import { BLOCK_HANDLE_CLASS } from './DesktopBlock';
import { FileBlock } from './FileBlock';
import { TextBlock } from './TextBlock';
import { useBlockKeyboard } from './use-block-keyboard';

/**
 * Blocks stay exactly where they are dropped and nothing else moves: with the library's default, a block
 * dragged across others pushes each one it passes over (measured in Chromium: one drag moved three blocks).
 * Blocks may overlap, as windows on a desktop do.
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
 */
export function DesktopGrid({ items, visibleWidth, canMove, canDelete, onLayoutChange, onDelete }: DesktopGridProps) {
  // Overlapping blocks stack in the order they last changed: the one just moved or added is on top.
  const stacked = useMemo(() => [...items].sort((a, b) => a.updated_at.localeCompare(b.updated_at)), [items]);
  const layout = useMemo(() => stacked.map(toGridCell), [stacked]);
  const cols = gridColumns(visibleWidth, items);
  const { t } = useTranslation();
  const keyboard = useBlockKeyboard(items, canMove, onLayoutChange);
  const commit = (next: Layout) => {
    const entries = changedLayoutEntries(next, items);
    if (entries.length > 0) onLayoutChange(entries);
  };
  return (
    <div className="overflow-x-auto">
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
      <ReactGridLayout
        layout={layout}
        width={cols * DESKTOP_CELL_PX}
        gridConfig={{ cols, rowHeight: DESKTOP_CELL_PX, margin: [0, 0], containerPadding: [0, 0] }}
        dragConfig={{ enabled: canMove, handle: `.${BLOCK_HANDLE_CLASS}` }}
        resizeConfig={{ enabled: canMove }}
        compactor={FREE_PLACEMENT}
        onDragStop={commit}
        onResizeStop={commit}
        className="desktop-grid min-h-64"
      >
        {stacked.map((item) => {
          const blockProps = { item, canMove, canDelete, onDelete, focusProps: keyboard.focusPropsOf(item) };
          // The inner padding is the gap between blocks: the grid itself has no margins, so cells stay pixels.
          return (
            <div key={item.id} className="p-1">
              {item.type === 'text' ? <TextBlock {...blockProps} /> : <FileBlock {...blockProps} />}
            </div>
          );
        })}
      </ReactGridLayout>
    </div>
  );
}
