import { useLayoutEffect, useState } from 'react';

interface ScrollAreaSize {
  /** Its inner width: what the grid may fill without a sideways scroll (0 until measured). */
  width: number;
  /** Whether its content is larger than it: some blocks lie beyond the view. */
  isOverflowing: boolean;
}

const UNMEASURED: ScrollAreaSize = { width: 0, isOverflowing: false };

function measure(element: HTMLElement): ScrollAreaSize {
  const width = element.clientWidth;
  // A pixel of rounding is no hidden block.
  const isOverflowing =
    width > 0 && (element.scrollWidth > width + 1 || element.scrollHeight > element.clientHeight + 1);
  return { width, isOverflowing };
}

/**
 * The grid's scroll area, measured whenever it or its content resizes (and once at the start). Pass
 * `attach` as the scrolling element's ref; its first child is the content, and `content` names which one
 * it is, so a content drawn afresh is watched in its turn.
 */
export function useScrollArea(content: unknown) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [size, setSize] = useState(UNMEASURED);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const next = measure(element);
      setSize((current) =>
        current.width === next.width && current.isOverflowing === next.isOverflowing ? current : next,
      );
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element, content]);
  return { attach: setElement, ...size };
}
