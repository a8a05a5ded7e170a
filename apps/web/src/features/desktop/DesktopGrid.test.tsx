import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AuthContext } from '../../session/auth-context';
import { makeDesktopItem } from '../../test/desktop-fixtures';
import { fakeSession } from '../../test/page-test-setup';
import { DesktopGrid } from './DesktopGrid';

const BEYOND_VIEW = 'Some blocks lie beyond the view: scroll the desktop to see them.';

/**
 * jsdom lays nothing out and has no ResizeObserver: this one records what the grid watches, and a test
 * reports a layout to it as the browser would once it has sized the scroll area.
 */
class FakeResizeObserver {
  static live: FakeResizeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.live.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    FakeResizeObserver.live = FakeResizeObserver.live.filter((observer) => observer !== this);
  }
  report() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

interface AreaSize {
  clientWidth: number;
  scrollWidth: number;
  clientHeight: number;
  scrollHeight: number;
}

/** The scroll area (the first element the grid watches) is laid out at `size`, and its observer told. */
function layOut(size: AreaSize) {
  const [observer] = FakeResizeObserver.live;
  const area = observer?.targets[0];
  if (!observer || !area) throw new Error('the grid watches no scroll area');
  for (const [name, value] of Object.entries(size)) {
    Object.defineProperty(area, name, { configurable: true, value });
  }
  act(() => observer.report());
}

/**
 * At 1280 px with the sidebar open the desktop's area is about 976 px wide and 560 px high (the window
 * less the sidebar, the page's padding and the toolbar above).
 */
const AREA = { clientWidth: 976, clientHeight: 560 };

const renderGrid = (items = [makeDesktopItem()]) =>
  render(
    <AuthContext.Provider value={fakeSession(null)}>
      <DesktopGrid
        items={items}
        visibleWidth={AREA.clientWidth}
        canMove
        canDelete
        onLayoutChange={vi.fn()}
        onDelete={vi.fn()}
      />
    </AuthContext.Provider>,
  );

describe('DesktopGrid: blocks beyond the view', () => {
  beforeEach(() => {
    FakeResizeObserver.live = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  test('a block past the right edge of the area at 1280 px with the sidebar brings the notice to scroll', () => {
    renderGrid([makeDesktopItem(), makeDesktopItem({ id: 'far', content: 'Far right', position: { x: 1400, y: 0 } })]);
    expect(screen.getByRole('article', { name: 'Far right' })).toBeInTheDocument();
    layOut({ ...AREA, scrollWidth: 1600, scrollHeight: 560 });
    expect(screen.getByText(BEYOND_VIEW)).toBeInTheDocument();
  });

  test('a block below the bottom of the area brings it too', () => {
    renderGrid([makeDesktopItem(), makeDesktopItem({ id: 'low', content: 'Far down', position: { x: 0, y: 900 } })]);
    layOut({ ...AREA, scrollWidth: 976, scrollHeight: 1050 });
    expect(screen.getByText(BEYOND_VIEW)).toBeInTheDocument();
  });

  test('when every block fits there is no notice (a pixel of rounding hides no block)', () => {
    renderGrid();
    layOut({ ...AREA, scrollWidth: 976, scrollHeight: 560 });
    expect(screen.queryByText(BEYOND_VIEW)).not.toBeInTheDocument();
    layOut({ ...AREA, scrollWidth: 977, scrollHeight: 561 });
    expect(screen.queryByText(BEYOND_VIEW)).not.toBeInTheDocument();
  });

  test('the notice goes once the area grows to hold every block', () => {
    renderGrid([makeDesktopItem({ position: { x: 1400, y: 0 } })]);
    layOut({ ...AREA, scrollWidth: 1600, scrollHeight: 560 });
    expect(screen.getByText(BEYOND_VIEW)).toBeInTheDocument();
    layOut({ clientWidth: 1600, scrollWidth: 1600, clientHeight: 560, scrollHeight: 560 });
    expect(screen.queryByText(BEYOND_VIEW)).not.toBeInTheDocument();
  });
});
