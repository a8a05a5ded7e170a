import { DESKTOP_MAX_CELL as MAX_CELL, type GridCell } from '../../lib/desktop-layout';

/** Shift makes one key press go this many grid steps instead of one. */
export const BLOCK_KEY_LONG_STEP = 10;

const DIRECTIONS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

type BlockKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

export interface BlockKeyResult {
  kind: 'move' | 'resize';
  cell: GridCell;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * What an arrow key does to a focused block: it moves one grid step (ten with Shift); with Alt it resizes
 * instead, Right/Down growing and Left/Up shrinking it. Positions stay within 0 and the contract's bound,
 * sizes within its limits. Any other key, or Ctrl/⌘ held (the browser's and the system's own shortcuts),
 * is not the block's: null.
 */
export function cellAfterKey(cell: GridCell, event: BlockKey): BlockKeyResult | null {
  const direction = DIRECTIONS[event.key];
  if (!direction || event.ctrlKey || event.metaKey) return null;
  const step = event.shiftKey ? BLOCK_KEY_LONG_STEP : 1;
  if (event.altKey) {
    return {
      kind: 'resize',
      cell: {
        ...cell,
        w: clamp(cell.w + direction.dx * step, cell.minW, cell.maxW),
        h: clamp(cell.h + direction.dy * step, cell.minH, cell.maxH),
      },
    };
  }
  return {
    kind: 'move',
    cell: {
      ...cell,
      x: clamp(cell.x + direction.dx * step, 0, MAX_CELL),
      y: clamp(cell.y + direction.dy * step, 0, MAX_CELL),
    },
  };
}
