import {
  DESKTOP_COORDINATE_MAX,
  DESKTOP_ITEM_DEFAULT_SIZE,
  DESKTOP_ITEM_SIZE_MAX,
  DESKTOP_ITEM_SIZE_MIN,
  type DesktopItem,
  type DesktopLayoutEntry,
  type DesktopPosition,
} from '@clipsync/shared';

/**
 * The desktop grid is made of square cells of this many pixels: blocks snap to it, and positions and sizes
 * (whole pixels on the server) convert to cells and back by this factor.
 */
export const DESKTOP_CELL_PX = 10;
/** The furthest a block's top-left corner goes, in cells: the contract's coordinate bound. */
export const DESKTOP_MAX_CELL = Math.floor(DESKTOP_COORDINATE_MAX / DESKTOP_CELL_PX);
/** The space kept between blocks when a new one is placed beside the others. */
const BLOCK_GAP_PX = DESKTOP_CELL_PX;

/** A block as the grid places it, in cells (the shape react-grid-layout's layout items have). */
export interface GridCell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  minH: number;
  maxW: number;
  maxH: number;
}

const toCells = (pixels: number) => Math.round(pixels / DESKTOP_CELL_PX);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function toGridCell(item: DesktopItem): GridCell {
  return {
    i: item.id,
    x: toCells(item.position.x),
    y: toCells(item.position.y),
    w: toCells(item.size.width),
    h: toCells(item.size.height),
    minW: Math.ceil(DESKTOP_ITEM_SIZE_MIN / DESKTOP_CELL_PX),
    minH: Math.ceil(DESKTOP_ITEM_SIZE_MIN / DESKTOP_CELL_PX),
    maxW: Math.floor(DESKTOP_ITEM_SIZE_MAX / DESKTOP_CELL_PX),
    maxH: Math.floor(DESKTOP_ITEM_SIZE_MAX / DESKTOP_CELL_PX),
  };
}

/**
 * The blocks a drag or resize really changed, in pixels, ready for the layout save. A block whose pixel
 * position is off the grid (set elsewhere) but that did not move is left out.
 */
export function changedLayoutEntries(
  layout: readonly Pick<GridCell, 'i' | 'x' | 'y' | 'w' | 'h'>[],
  items: readonly DesktopItem[],
): DesktopLayoutEntry[] {
  return layout.flatMap((cell) => {
    const item = items.find((known) => known.id === cell.i);
    if (!item) return [];
    const before = toGridCell(item);
    if (before.x === cell.x && before.y === cell.y && before.w === cell.w && before.h === cell.h) return [];
    const toPixels = (cells: number, min: number, max: number) => clamp(cells * DESKTOP_CELL_PX, min, max);
    return [
      {
        id: item.id,
        position: {
          x: toPixels(cell.x, 0, DESKTOP_COORDINATE_MAX),
          y: toPixels(cell.y, 0, DESKTOP_COORDINATE_MAX),
        },
        size: {
          width: toPixels(cell.w, DESKTOP_ITEM_SIZE_MIN, DESKTOP_ITEM_SIZE_MAX),
          height: toPixels(cell.h, DESKTOP_ITEM_SIZE_MIN, DESKTOP_ITEM_SIZE_MAX),
        },
      },
    ];
  });
}

/** How many cells wide the grid is: the visible width, or more when a block sits further right. */
export function gridColumns(visibleWidthPx: number, items: readonly DesktopItem[]): number {
  const rightmost = Math.max(0, ...items.map((item) => toCells(item.position.x) + toCells(item.size.width)));
  const minimum = toCells(DESKTOP_ITEM_DEFAULT_SIZE.width + BLOCK_GAP_PX);
  return Math.max(Math.floor(visibleWidthPx / DESKTOP_CELL_PX), rightmost, minimum);
}

const overlaps = (position: DesktopPosition, item: DesktopItem) => {
  const { width, height } = DESKTOP_ITEM_DEFAULT_SIZE;
  return (
    position.x < item.position.x + item.size.width + BLOCK_GAP_PX &&
    item.position.x < position.x + width + BLOCK_GAP_PX &&
    position.y < item.position.y + item.size.height + BLOCK_GAP_PX &&
    item.position.y < position.y + height + BLOCK_GAP_PX
  );
};

/**
 * Where a new default-sized block goes: 0,0 on an empty desktop, else the first free slot
 * reading left to right, top to bottom, within the visible width, so it never lands on another block.
 */
export function nextFreePosition(items: readonly DesktopItem[], visibleWidthPx: number): DesktopPosition {
  const stepX = DESKTOP_ITEM_DEFAULT_SIZE.width + BLOCK_GAP_PX;
  const stepY = DESKTOP_ITEM_DEFAULT_SIZE.height + BLOCK_GAP_PX;
  const perRow = Math.max(1, Math.floor((visibleWidthPx + BLOCK_GAP_PX) / stepX));
  for (let slot = 0; ; slot += 1) {
    const position = { x: (slot % perRow) * stepX, y: Math.floor(slot / perRow) * stepY };
    if (position.y > DESKTOP_COORDINATE_MAX) return { x: 0, y: 0 };
    if (!items.some((item) => overlaps(position, item))) return position;
  }
}

/** A block's place and size in cells. */
type Box = Pick<GridCell, 'x' | 'y' | 'w' | 'h'>;

const boxesOverlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a block dropped onto others goes instead: the free spot nearest to the drop (straight-line distance,
 * then the upper, then the left one), within 0 and the contract's bound. A drop on free ground stays put.
 * The nearest spot always has each coordinate either where it was dropped or against another block's edge,
 * so only those are tried.
 */
export function nearestFreeSpot(box: Box, others: readonly Box[]): { x: number; y: number } {
  const isFree = (x: number, y: number) => !others.some((other) => boxesOverlap({ ...box, x, y }, other));
  if (isFree(box.x, box.y)) return { x: box.x, y: box.y };
  const inBounds = (value: number) => value >= 0 && value <= DESKTOP_MAX_CELL;
  const xs = [box.x, ...others.flatMap((other) => [other.x + other.w, other.x - box.w])].filter(inBounds);
  const ys = [box.y, ...others.flatMap((other) => [other.y + other.h, other.y - box.h])].filter(inBounds);
  let best: { x: number; y: number; distance: number } | null = null;
  for (const y of ys) {
    for (const x of xs) {
      const distance = (x - box.x) ** 2 + (y - box.y) ** 2;
      const isBetter =
        !best ||
        distance < best.distance ||
        (distance === best.distance && (y < best.y || (y === best.y && x < best.x)));
      if (isBetter && isFree(x, y)) best = { x, y, distance };
    }
  }
  return best ? { x: best.x, y: best.y } : { x: box.x, y: box.y };
}

/** The blocks as a reader meets them on screen: top to bottom, then left to right (Tab order, the phone's column). */
export function inScreenOrder<Item extends Pick<DesktopItem, 'id' | 'position'>>(items: readonly Item[]): Item[] {
  return [...items].sort(
    (a, b) => a.position.y - b.position.y || a.position.x - b.position.x || a.id.localeCompare(b.id),
  );
}

/**
 * The blocks from back to front: the one changed last on top, and above them all the ones this page
 * brought forward (moved or focused), the latest frontmost.
 */
export function stackingOrder(
  items: readonly Pick<DesktopItem, 'id' | 'updated_at'>[],
  raised: readonly string[],
): string[] {
  const known = new Set(items.map((item) => item.id));
  const front = raised.filter((id) => known.has(id));
  const back = [...items]
    .sort((a, b) => a.updated_at.localeCompare(b.updated_at))
    .map((item) => item.id)
    .filter((id) => !front.includes(id));
  return [...back, ...front];
}
