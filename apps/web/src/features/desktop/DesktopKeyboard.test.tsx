import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { desktopApi } from '../../api/desktop-api';
import { makeDesktop, makeDesktopItem } from '../../test/desktop-fixtures';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import DesktopPage from './DesktopPage';

vi.mock('../../api/desktop-api', () => import('../../test/desktop-api-mock'));
vi.mock('../../api/network-api', () => ({ networkApi: { shareOrigins: vi.fn() } }));

const SECOND = makeDesktopItem({ id: 'item-2', content: 'Second', position: { x: 300, y: 0 } });

/** The server's answer to a layout save: the moved blocks, changed last, so now on top of the others. */
const savedAsServerDoes = () =>
  vi.mocked(desktopApi.saveLayout).mockImplementation((_target, entries) =>
    Promise.resolve(
      entries.map((entry) => ({
        ...makeDesktopItem({ id: entry.id }),
        ...entry,
        updated_at: '2026-11-23T10:00:00Z',
      })),
    ),
  );

async function renderDesktop() {
  vi.mocked(desktopApi.get).mockResolvedValue(makeDesktop({ items: [makeDesktopItem(), SECOND] }));
  renderLivePage({ path: '/desktop', url: '/desktop', element: <DesktopPage />, user: testUser });
  return screen.findByRole('article', { name: 'Hello desktop' });
}

/** The desktop with its first block focused, saving as the server does. */
async function focusFirstBlock() {
  savedAsServerDoes();
  (await renderDesktop()).focus();
}

describe('DesktopPage keyboard', () => {
  setUpPageTests();

  test('a block is focusable, named by its content and described by the keys that move it', async () => {
    const block = await renderDesktop();
    expect(block).toHaveAttribute('tabindex', '0');
    expect(block).toHaveAccessibleDescription(
      'Arrow keys move the block, Shift with them 10 steps at a time; Alt with them resizes it.',
    );
  });

  test('arrows move the focused block (Shift: 10 steps), announced, and saved once after the keys settle', async () => {
    await focusFirstBlock();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByText('Moved to 30, 100')).toBeInTheDocument();
    expect(desktopApi.saveLayout).not.toHaveBeenCalled();
    await waitFor(() => expect(desktopApi.saveLayout).toHaveBeenCalled());
    expect(desktopApi.saveLayout).toHaveBeenCalledExactlyOnceWith({}, [
      { id: 'item-1', position: { x: 30, y: 100 }, size: { width: 200, height: 150 }, version: 1 },
    ]);
    expect((await screen.findAllByText('Layout saved', { exact: true }))[0]).toBeInTheDocument();
  });

  test('presses quicker than the grid re-renders build on each other', async () => {
    await focusFirstBlock();
    const block = screen.getByRole('article', { name: 'Hello desktop' });
    for (let press = 0; press < 3; press += 1) fireEvent.keyDown(block, { key: 'ArrowRight' });
    expect(screen.getByText('Moved to 30, 0')).toBeInTheDocument();
    await waitFor(() =>
      expect(desktopApi.saveLayout).toHaveBeenCalledExactlyOnceWith({}, [
        { id: 'item-1', position: { x: 30, y: 0 }, size: { width: 200, height: 150 }, version: 1 },
      ]),
    );
  });

  test("a key pressed while a save is on its way is kept when that save's answer arrives", async () => {
    let answerFirstSave = () => {};
    vi.mocked(desktopApi.saveLayout).mockImplementationOnce(
      (_target, entries) =>
        new Promise((resolve) => {
          answerFirstSave = () => resolve(entries.map((entry) => ({ ...makeDesktopItem({ id: entry.id }), ...entry })));
        }),
    );
    (await renderDesktop()).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(desktopApi.saveLayout).toHaveBeenCalledTimes(1));
    savedAsServerDoes();
    await userEvent.keyboard('{ArrowRight}');
    await act(async () => {
      answerFirstSave();
      await vi.mocked(desktopApi.saveLayout).mock.results[0]?.value;
      await new Promise((settle) => setTimeout(settle, 50));
    });
    expect(desktopApi.saveLayout).toHaveBeenCalledTimes(1);
    // The next press builds on the second, not on the place the first save's answer gave back.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Moved to 20, 10')).toBeInTheDocument();
    await waitFor(() =>
      expect(desktopApi.saveLayout).toHaveBeenLastCalledWith({}, [
        { id: 'item-1', position: { x: 20, y: 10 }, size: { width: 200, height: 150 }, version: 1 },
      ]),
    );
  });

  test('Alt with the arrows resizes, within the size limits; a block at the edge stays on the grid', async () => {
    await focusFirstBlock();
    await userEvent.keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByText('Moved to 0, 0')).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowRight}{ArrowDown}{/Alt}');
    expect(screen.getByText('Resized to 210 × 160')).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{Shift>}{ArrowUp}{ArrowUp}{/Shift}{/Alt}');
    expect(screen.getByText('Resized to 210 × 40')).toBeInTheDocument();
    await waitFor(() =>
      expect(desktopApi.saveLayout).toHaveBeenCalledExactlyOnceWith({}, [
        { id: 'item-1', position: { x: 0, y: 0 }, size: { width: 210, height: 40 }, version: 1 },
      ]),
    );
  });

  test('arrows pressed on a block’s buttons are not the block’s', async () => {
    const block = await renderDesktop();
    within(block).getByRole('button', { name: 'Copy' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(desktopApi.saveLayout).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Moved to/)).not.toBeInTheDocument();
  });
});
