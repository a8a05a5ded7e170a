import { DESKTOP_ENDPOINTS } from '@clipsync/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeDesktop, makeDesktopItem } from '../../test/desktop-fixtures';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import DesktopPage from './DesktopPage';
import { LAYOUT_SAVE_DELAY_MS } from './use-layout-autosave';
import { fakeApi } from '../../test/fake-api';

const api = fakeApi();
const saveLayout = () => api.on(DESKTOP_ENDPOINTS.saveLayout);

const SECOND = makeDesktopItem({ id: 'item-2', content: 'Second', position: { x: 300, y: 0 } });

/** The server's answer to a layout save: the moved blocks, changed last, so now on top of the others. */
const savedAsServerDoes = () =>
  saveLayout().mockImplementation(({ body }) =>
    Promise.resolve(
      body.items.map((entry) => ({
        ...makeDesktopItem({ id: entry.id }),
        ...entry,
        updated_at: '2026-11-23T10:00:00Z',
      })),
    ),
  );

/**
 * The desktop, shown; from then on setTimeout runs on a fake clock that only the test moves on, so the layout's
 * save LAYOUT_SAVE_DELAY_MS after the last key comes neither early nor twice when the worker stalls between
 * two keys. It is faked only once the page has loaded: Testing Library's findBy and waitFor wait on setTimeout
 * (their time-out, and a setTimeout(0) when done) and would hang on it, so the tests below advance the clock
 * (`pass`) and assert at once instead.
 */
async function renderDesktop() {
  api.on(DESKTOP_ENDPOINTS.get).mockResolvedValue(makeDesktop({ items: [makeDesktopItem(), SECOND] }));
  renderLivePage({ path: '/desktop', url: '/desktop', element: <DesktopPage />, user: testUser });
  const block = await screen.findByRole('article', { name: 'Hello desktop' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return block;
}

/**
 * Keys pressed as userEvent.keyboard presses them, without moving the fake clock: its pause after each key
 * (0 ms, in which the grid re-renders) and the setTimeout(0) Testing Library ends each call with run at
 * once. That last one it runs only for Jest's fake timers (testing-library/react-testing-library#1197).
 */
async function keyboard(keys: string) {
  let isDone = false;
  const typing = userEvent
    .setup({ advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms) })
    .keyboard(keys)
    .finally(() => {
      isDone = true;
    });
  while (!isDone) await vi.advanceTimersByTimeAsync(0);
  await typing;
}

/** `ms` pass on the fake clock, and what they set off (a save, its answer) runs its course. */
const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** The desktop with its first block focused, saving as the server does. */
async function focusFirstBlock() {
  savedAsServerDoes();
  (await renderDesktop()).focus();
}

describe('DesktopPage keyboard', () => {
  setUpPageTests();
  afterEach(() => void vi.useRealTimers());

  test('a block is focusable, named by its content and described by the keys that move it', async () => {
    const block = await renderDesktop();
    expect(block).toHaveAttribute('tabindex', '0');
    expect(block).toHaveAccessibleDescription(
      'Arrow keys move the block, Shift with them 10 steps at a time; Alt with them resizes it.',
    );
  });

  test('arrows move the focused block (Shift: 10 steps), announced, and saved once after the keys settle', async () => {
    await focusFirstBlock();
    await keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByText('Moved to 30, 100')).toBeInTheDocument();
    expect(saveLayout()).not.toHaveBeenCalled();
    await pass(LAYOUT_SAVE_DELAY_MS - 1);
    expect(saveLayout()).not.toHaveBeenCalled();
    await pass(1);
    expect(saveLayout()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: {
        items: [{ id: 'item-1', position: { x: 30, y: 100 }, size: { width: 200, height: 150 }, version: 1 }],
      },
    });
    expect(screen.getAllByText('Layout saved', { exact: true })[0]).toBeInTheDocument();
  });

  test('presses quicker than the grid re-renders build on each other', async () => {
    await focusFirstBlock();
    const block = screen.getByRole('article', { name: 'Hello desktop' });
    for (let press = 0; press < 3; press += 1) fireEvent.keyDown(block, { key: 'ArrowRight' });
    expect(screen.getByText('Moved to 30, 0')).toBeInTheDocument();
    await pass(LAYOUT_SAVE_DELAY_MS);
    expect(saveLayout()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: {
        items: [{ id: 'item-1', position: { x: 30, y: 0 }, size: { width: 200, height: 150 }, version: 1 }],
      },
    });
  });

  test("a key pressed while a save is on its way is kept when that save's answer arrives", async () => {
    let answerFirstSave = () => {};
    saveLayout().mockImplementationOnce(
      ({ body }) =>
        new Promise((resolve) => {
          answerFirstSave = () =>
            resolve(body.items.map((entry) => ({ ...makeDesktopItem({ id: entry.id }), ...entry })));
        }),
    );
    (await renderDesktop()).focus();
    await keyboard('{ArrowRight}');
    await pass(LAYOUT_SAVE_DELAY_MS);
    expect(saveLayout()).toHaveBeenCalledTimes(1);
    savedAsServerDoes();
    await keyboard('{ArrowRight}');
    await act(async () => {
      answerFirstSave();
      await saveLayout().mock.results[0]?.value;
    });
    // The answer and its cache updates settle, well within the second press's save delay.
    await pass(50);
    expect(saveLayout()).toHaveBeenCalledTimes(1);
    // The next press builds on the second, not on the place the first save's answer gave back.
    await keyboard('{ArrowDown}');
    expect(screen.getByText('Moved to 20, 10')).toBeInTheDocument();
    await pass(LAYOUT_SAVE_DELAY_MS);
    expect(saveLayout()).toHaveBeenCalledTimes(2);
    expect(saveLayout()).toHaveBeenLastCalledWith({
      params: {},
      query: {},
      body: {
        items: [{ id: 'item-1', position: { x: 20, y: 10 }, size: { width: 200, height: 150 }, version: 1 }],
      },
    });
  });

  test('Alt with the arrows resizes, within the size limits; a block at the edge stays on the grid', async () => {
    await focusFirstBlock();
    await keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByText('Moved to 0, 0')).toBeInTheDocument();
    await keyboard('{Alt>}{ArrowRight}{ArrowDown}{/Alt}');
    expect(screen.getByText('Resized to 210 × 160')).toBeInTheDocument();
    await keyboard('{Alt>}{Shift>}{ArrowUp}{ArrowUp}{/Shift}{/Alt}');
    expect(screen.getByText('Resized to 210 × 40')).toBeInTheDocument();
    await pass(LAYOUT_SAVE_DELAY_MS);
    expect(saveLayout()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: {
        items: [{ id: 'item-1', position: { x: 0, y: 0 }, size: { width: 210, height: 40 }, version: 1 }],
      },
    });
  });

  test('arrows pressed on a block’s buttons are not the block’s', async () => {
    const block = await renderDesktop();
    within(block).getByRole('button', { name: 'Copy' }).focus();
    await keyboard('{ArrowRight}{ArrowDown}');
    await pass(LAYOUT_SAVE_DELAY_MS);
    expect(saveLayout()).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Moved to/)).not.toBeInTheDocument();
  });
});
