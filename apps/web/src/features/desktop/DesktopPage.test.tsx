import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { DESKTOP_ENDPOINTS, NETWORK_ENDPOINTS, type PublicUser } from '@clipsync/shared';
import type * as GridLibrary from 'react-grid-layout';
import type { GridLayoutProps } from 'react-grid-layout';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import type * as Client from '../../api/client';
import { ApiError, upload } from '../../api/client';
import {
  DESKTOP_GUEST_ABILITIES,
  makeDesktop,
  makeDesktopFileItem,
  makeDesktopItem,
} from '../../test/desktop-fixtures';
import { testUser } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import { NARROW_SCREEN_QUERY } from '../../ui/use-media-query';
import DesktopPage from './DesktopPage';
import { fakeApi } from '../../test/fake-api';

const api = fakeApi();
const shareOrigins = () => api.on(NETWORK_ENDPOINTS.shareOrigins);
const getDesktop = () => api.on(DESKTOP_ENDPOINTS.get);
const addText = () => api.on(DESKTOP_ENDPOINTS.addText);
const removeItem = () => api.on(DESKTOP_ENDPOINTS.removeItem);
const saveLayout = () => api.on(DESKTOP_ENDPOINTS.saveLayout);
const uploadFile = vi.mocked(upload<typeof DESKTOP_ENDPOINTS.uploadFile>);

// An upload with progress goes by XMLHttpRequest, not fetch: it is answered where it is made.
vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof Client>()),
  upload: vi.fn(),
}));

// jsdom lays nothing out, so react-grid-layout cannot drag there: the grid is stood in for by one that
// renders its blocks and lets a test end a drag as the real one would, with the layout it reports.
const grid = vi.hoisted(() => ({ props: null as GridLayoutProps | null }));
vi.mock('react-grid-layout', async (importOriginal) => ({
  ...(await importOriginal<typeof GridLibrary>()),
  default: (props: GridLayoutProps) => {
    grid.props = props;
    return <div data-testid="grid">{props.children as ReactNode}</div>;
  },
}));
const endDrag = (layout: Array<{ i: string; x: number; y: number; w: number; h: number }>) =>
  act(() => grid.props?.onDragStop?.(layout, null, null, null, new Event('mouseup'), null));

const renderDesktop = (user: PublicUser | null = testUser) =>
  renderLivePage({ path: '/desktop', url: '/desktop', element: <DesktopPage />, user });

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
const block = (name: string) => screen.getByRole('article', { name });

describe('DesktopPage', () => {
  setUpPageTests();

  test('shows the title, the toolbar and the blocks of the server’s desktop', async () => {
    getDesktop().mockResolvedValue(makeDesktop({ items: [makeDesktopItem(), makeDesktopFileItem()] }));
    renderDesktop();
    expect(await screen.findByRole('article', { name: 'Hello desktop' })).toHaveTextContent('Hello desktop');
    expect(screen.getByRole('heading', { level: 1, name: 'Virtual Desktop' })).toBeInTheDocument();
    const file = block('photo.png');
    expect(file).toHaveTextContent('1.5 KB');
    expect(within(file).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Open a larger preview of photo.png' })).toBeInTheDocument();
    expect(file.querySelector('img')).toHaveAttribute('src', makeDesktopFileItem().file_url);
    for (const name of ['New Text', 'Upload File', 'Share']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('its owner sees the operator’s takedown of the shared link, with the reason, and keeps the desktop', async () => {
    const takedown = { reason: 'Phishing page', takenDownAt: '2026-11-26T10:00:00.000Z' };
    getDesktop().mockResolvedValue(makeDesktop({ items: [makeDesktopItem()], takedown }));
    renderDesktop();
    expect(
      await screen.findByText(/The operator of this server took this down\..*Reason: Phishing page/),
    ).toBeVisible();
    expect(screen.getByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
  });

  test('a desktop that cannot load says so with Retry, not that it is empty, and adding still works', async () => {
    getDesktop().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    getDesktop().mockResolvedValue(makeDesktop({ items: [makeDesktopItem()] }));
    renderDesktop();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your desktop");
    expect(screen.queryByText(/Nothing here yet/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Text' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a file block whose link is not a desktop file’s address is neither shown nor fetched', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    onTestFinished(() => fetchSpy.mockRestore());
    const crafted = makeDesktopFileItem({ file_url: '/api/virtual-desktop/files/../../rooms/join/invite-token' });
    getDesktop().mockResolvedValue(makeDesktop({ items: [crafted] }));
    renderDesktop();
    const file = await screen.findByRole('article', { name: 'photo.png' });
    expect(file.querySelector('img')).toBeNull();
    await userEvent.click(within(file).getByRole('button', { name: 'Download' }));
    expect(await findToast('No file URL available')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('rooms/join'));
  });

  test('New Text adds a block through ‘Add to Desktop’; blank text cannot be added', async () => {
    getDesktop().mockResolvedValue(makeDesktop());
    addText().mockResolvedValue(makeDesktopItem({ id: 'item-2', content: 'New note' }));
    renderDesktop();
    await userEvent.click(await screen.findByRole('button', { name: 'New Text' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Desktop' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Text'), '   ');
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Text'), 'New note');
    await userEvent.click(add);
    expect(await findToast('Text added')).toBeInTheDocument();
    expect(addText()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { content: '   New note', position: expect.any(Object) },
    });
    // The first block sits at 0,0: the new one goes beside or below it, not on top of it.
    expect(addText().mock.calls[0]?.[0].body.position).not.toEqual({ x: 0, y: 0 });
    expect(block('New note')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("a failed add says 'Failed to add text' and the server’s reason", async () => {
    getDesktop().mockResolvedValue(makeDesktop());
    addText().mockRejectedValue(new ApiError('Quota exceeded', 413, 'QUOTA_EXCEEDED'));
    renderDesktop();
    await userEvent.click(await screen.findByRole('button', { name: 'New Text' }));
    await userEvent.type(screen.getByLabelText('Text'), 'Too much');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findToast('Failed to add text')).toBeInTheDocument();
    expect(screen.getByText('Quota exceeded')).toBeInTheDocument();
  });

  describe('deleting a block waits 5 s for its Undo', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      getDesktop().mockResolvedValue(makeDesktop());
      removeItem().mockResolvedValue(undefined);
    });
    afterEach(() => vi.useRealTimers());

    const deleteBlock = async () => {
      const view = renderDesktop();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await screen.findByRole('article', { name: 'Hello desktop' });
      await user.click(within(block('Hello desktop')).getByRole('button', { name: 'Delete' }));
      return { ...view, user };
    };

    test('the block goes at once with ‘Item deleted’; the DELETE is sent when the 5 s are over', async () => {
      await deleteBlock();
      expect(await findToast('Item deleted')).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Hello desktop' })).not.toBeInTheDocument();
      expect(removeItem()).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(5000));
      await waitFor(() =>
        expect(removeItem()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'item-1' }, query: {} }),
      );
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
      expect(screen.queryByRole('article', { name: 'Hello desktop' })).not.toBeInTheDocument();
    });

    test('Undo brings the block back and nothing is sent', async () => {
      await deleteBlock();
      fireEvent.click((await screen.findAllByRole('button', { name: 'Undo' }))[0]!);
      expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10_000));
      expect(removeItem()).not.toHaveBeenCalled();
    });

    test('the page hiding within the 5 s sends the DELETE then, kept alive', async () => {
      await deleteBlock();
      act(() => void window.dispatchEvent(new Event('pagehide')));
      await waitFor(() =>
        expect(removeItem()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'item-1' }, query: {}, keepalive: true }),
      );
      act(() => vi.advanceTimersByTime(5000));
      expect(removeItem()).toHaveBeenCalledTimes(1);
    });

    test('leaving the page within the 5 s sends the DELETE at once', async () => {
      const { router } = await deleteBlock();
      await act(() => router.navigate('/elsewhere'));
      await waitFor(() =>
        expect(removeItem()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'item-1' }, query: {} }),
      );
    });

    test('by keyboard: F8 and Tab reach Undo, the 5 s stand still while the focus is there, Enter undoes', async () => {
      const { user } = await deleteBlock();
      await findToast('Item deleted');
      act(() => vi.advanceTimersByTime(1000));
      // Radix's toast hotkey is read from the key's code, which user-event knows for F8 only when told.
      await user.keyboard('[F8]');
      // Radix's order: the toast itself (read out whole), then its buttons.
      await user.tab();
      expect(document.activeElement?.closest('[data-toast]')).toHaveTextContent('Item deleted');
      await user.tab();
      const undo = screen.getAllByRole('button', { name: 'Undo' })[0]!;
      expect(undo).toHaveFocus();
      await act(async () => vi.advanceTimersByTime(10_000));
      expect(removeItem()).not.toHaveBeenCalled();
      expect(undo).toBeInTheDocument();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10_000));
      expect(removeItem()).not.toHaveBeenCalled();
    });

    test('the focus leaving the toast starts the 5 s again where they stood', async () => {
      const { user } = await deleteBlock();
      await findToast('Item deleted');
      act(() => vi.advanceTimersByTime(1000));
      await user.keyboard('[F8]');
      await user.tab();
      await user.tab();
      expect(screen.getAllByRole('button', { name: 'Undo' })[0]).toHaveFocus();
      await act(async () => vi.advanceTimersByTime(10_000));
      expect(removeItem()).not.toHaveBeenCalled();
      act(() => screen.getByRole('button', { name: 'New Text' }).focus());
      await act(async () => vi.advanceTimersByTime(3900));
      expect(removeItem()).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(100));
      await waitFor(() =>
        expect(removeItem()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'item-1' }, query: {} }),
      );
    });

    test('closing the toast from the keyboard carries the delete out at once, its Undo being gone', async () => {
      const { user } = await deleteBlock();
      await findToast('Item deleted');
      await user.keyboard('[F8]');
      await user.tab();
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(removeItem()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'item-1' }, query: {} }),
      );
      act(() => vi.advanceTimersByTime(10_000));
      expect(removeItem()).toHaveBeenCalledTimes(1);
    });

    test('a refused DELETE brings the block back with ‘Failed to delete item’', async () => {
      removeItem().mockRejectedValue(new ApiError('', 500, 'HTTP_ERROR'));
      await deleteBlock();
      act(() => vi.advanceTimersByTime(5000));
      expect(await findToast('Failed to delete item')).toBeInTheDocument();
      expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
    });
  });

  test('moves are saved once, 500 ms after the last one, every moved block in one call', async () => {
    const second = makeDesktopItem({ id: 'item-2', content: 'Second', position: { x: 210, y: 0 } });
    getDesktop().mockResolvedValue(makeDesktop({ items: [makeDesktopItem(), second] }));
    saveLayout().mockImplementation(({ body }) =>
      Promise.resolve(body.items.map((entry) => ({ ...makeDesktopItem({ id: entry.id }), ...entry }))),
    );
    renderDesktop();
    await screen.findByRole('article', { name: 'Second' });
    endDrag([
      { i: 'item-1', x: 0, y: 30, w: 20, h: 15 },
      { i: 'item-2', x: 21, y: 0, w: 20, h: 15 },
    ]);
    endDrag([
      { i: 'item-1', x: 0, y: 30, w: 20, h: 15 },
      { i: 'item-2', x: 50, y: 10, w: 25, h: 20 },
    ]);
    expect(saveLayout()).not.toHaveBeenCalled();
    expect(await findToast('Layout saved')).toBeInTheDocument();
    expect(saveLayout()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: {
        items: [
          { id: 'item-1', position: { x: 0, y: 300 }, size: { width: 200, height: 150 }, version: 1 },
          { id: 'item-2', position: { x: 500, y: 100 }, size: { width: 250, height: 200 }, version: 1 },
        ],
      },
    });
  });

  test('a block dropped onto another is nudged to the nearest free spot, and that is saved', async () => {
    const second = makeDesktopItem({ id: 'item-2', content: 'Second', position: { x: 300, y: 0 } });
    getDesktop().mockResolvedValue(makeDesktop({ items: [makeDesktopItem(), second] }));
    saveLayout().mockResolvedValue([]);
    renderDesktop();
    await screen.findByRole('article', { name: 'Second' });
    // 'Second' dropped 3 cells into the first block's right side: out past its right edge.
    const dropped = { i: 'item-2', x: 17, y: 2, w: 20, h: 15 };
    act(() =>
      grid.props?.onDragStop?.(
        [{ i: 'item-1', x: 0, y: 0, w: 20, h: 15 }, dropped],
        null,
        dropped,
        null,
        new Event('mouseup'),
        null,
      ),
    );
    await waitFor(() =>
      expect(saveLayout()).toHaveBeenCalledWith({
        params: {},
        query: {},
        body: { items: [{ id: 'item-2', position: { x: 200, y: 20 }, size: { width: 200, height: 150 }, version: 1 }] },
      }),
    );
  });

  test('blocks are in the page in screen order, so Tab follows it; a focused block comes to the front', async () => {
    const items = [
      makeDesktopItem({ id: 'low', content: 'Low', position: { x: 0, y: 400 }, updated_at: '2026-11-01T12:00:00Z' }),
      makeDesktopItem({ id: 'right', content: 'Right', position: { x: 300, y: 0 } }),
      makeDesktopItem({ id: 'left', content: 'Left', position: { x: 0, y: 0 } }),
    ];
    getDesktop().mockResolvedValue(makeDesktop({ items }));
    renderDesktop();
    await screen.findByRole('article', { name: 'Low' });
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Left',
      'Right',
      'Low',
    ]);
    const zIndexOf = (name: string) => Number(block(name).parentElement?.style.zIndex);
    // The block changed last is on top until another is focused.
    expect(zIndexOf('Low')).toBeGreaterThan(zIndexOf('Left'));
    expect(block('Left')).toHaveAttribute('tabindex', '0');
    act(() => block('Left').focus());
    expect(zIndexOf('Left')).toBeGreaterThan(Math.max(zIndexOf('Low'), zIndexOf('Right')));
  });

  test('on a narrow screen the blocks are one column in screen order, with their buttons, and none moves', async () => {
    const narrow = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === NARROW_SCREEN_QUERY,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    onTestFinished(() => narrow.mockRestore());
    const items = [
      makeDesktopItem({ id: 'low', content: 'Low', position: { x: 0, y: 400 } }),
      makeDesktopFileItem({ id: 'right', position: { x: 300, y: 0 } }),
      makeDesktopItem({ id: 'left', content: 'Left', position: { x: 0, y: 0 } }),
    ];
    getDesktop().mockResolvedValue(makeDesktop({ items }));
    renderDesktop();
    await screen.findByRole('article', { name: 'Low' });
    expect(screen.queryByTestId('grid')).not.toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(['Left', 'photo.png', 'Low']);
    for (const article of articles) {
      expect(article).not.toHaveAttribute('tabindex');
      expect(within(article).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    }
    expect(within(block('Left')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(block('photo.png')).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByTitle('Drag to move; drag the corner to resize')).not.toBeInTheDocument();
  });

  test('a failed layout save says ‘Failed to save layout’ and fetches the desktop again', async () => {
    getDesktop().mockResolvedValue(makeDesktop());
    saveLayout().mockRejectedValue(new ApiError('', 500, 'HTTP_ERROR'));
    renderDesktop();
    await screen.findByRole('article', { name: 'Hello desktop' });
    const loads = getDesktop().mock.calls.length;
    endDrag([{ i: 'item-1', x: 10, y: 10, w: 20, h: 15 }]);
    expect(await findToast('Failed to save layout')).toBeInTheDocument();
    await waitFor(() => expect(getDesktop().mock.calls.length).toBeGreaterThan(loads));
  });

  test('live: the desktop’s channel is joined, and a block added elsewhere appears', async () => {
    getDesktop().mockResolvedValue(makeDesktop());
    const { socket } = renderDesktop();
    await screen.findByRole('article', { name: 'Hello desktop' });
    expect(socket.emitted).toContainEqual(
      expect.objectContaining({ event: 'join:desktop:network', args: [{ networkId: 'net-1' }, expect.any(Function)] }),
    );
    act(() =>
      socket.fire('desktop:item:new', {
        networkId: 'other-net',
        item: makeDesktopItem({ id: 'x', content: 'Not here' }),
      }),
    );
    act(() =>
      socket.fire('desktop:item:new', {
        networkId: 'net-1',
        item: makeDesktopItem({ id: 'live', content: 'Live one' }),
      }),
    );
    expect(await screen.findByRole('article', { name: 'Live one' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Not here' })).not.toBeInTheDocument();
    act(() => socket.fire('desktop:item:removed', { networkId: 'net-1', itemId: 'live' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Live one' })).not.toBeInTheDocument());
  });

  test('signed out, the LAN desktop says who can see it, and offers no Share', async () => {
    getDesktop().mockResolvedValue(
      makeDesktop({
        kind: 'lan',
        abilities: DESKTOP_GUEST_ABILITIES,
        notice: 'Every device on this network can see this desktop.',
        itemsExpireAfterMs: 86_400_000,
      }),
    );
    renderDesktop(null);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Everyone on this network can see this desktop. Items are removed 24 hours after their last change.',
    );
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Text' })).toBeInTheDocument();
  });

  test('a failed first load says the LAN desktop comes with the first content', async () => {
    getDesktop().mockRejectedValue(new ApiError('', 503, 'HTTP_ERROR'));
    renderDesktop(null);
    expect(await findToast('LAN desktop will be created automatically when you add content')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Text' })).toBeInTheDocument();
  });

  test('a file over 10 MB is refused by name; the others are added with ‘File added’', async () => {
    getDesktop().mockResolvedValue(makeDesktop({ items: [] }));
    uploadFile.mockResolvedValue(makeDesktopFileItem({ file_name: 'notes.txt' }));
    renderDesktop();
    await screen.findByRole('button', { name: 'New Text' });
    const big = new File(['x'], 'huge.bin');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    const small = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Upload File', { selector: 'input' }), [big, small]);
    expect(await findToast('File too large')).toBeInTheDocument();
    expect(screen.getByText('huge.bin exceeds the 10MB limit. Please choose a smaller file.')).toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledOnce();
    expect(uploadFile.mock.calls[0]).toEqual([
      DESKTOP_ENDPOINTS.uploadFile,
      { query: { x: 0, y: 0 }, file: small, onProgress: expect.any(Function) },
    ]);
    expect(await screen.findByRole('article', { name: 'notes.txt' })).toBeInTheDocument();
  });

  test('the owner shares: a link with its QR code, copied with ‘Link copied’', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    shareOrigins().mockResolvedValue({ origins: [] });
    getDesktop().mockResolvedValue(makeDesktop());
    // The desktop is fetched again after sharing (its file links change with the share link): as shared now.
    api.on(DESKTOP_ENDPOINTS.share).mockImplementation(async () => {
      getDesktop().mockResolvedValue(makeDesktop({ shareToken: 'tok-123' }));
      return { shareToken: 'tok-123' };
    });
    renderDesktop();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Desktop' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create share link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Desktop link' });
    expect(link).toHaveValue(`${window.location.origin}/desktop/shared/tok-123`);
    expect(within(dialog).getByRole('img', { name: 'QR code of the desktop link' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await findToast('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/desktop/shared/tok-123`);
    expect(getDesktop().mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  test('a text block’s Copy copies its text with ‘Copied’', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    getDesktop().mockResolvedValue(makeDesktop());
    renderDesktop();
    const text = await screen.findByRole('article', { name: 'Hello desktop' });
    await userEvent.click(within(text).getByRole('button', { name: 'Copy' }));
    expect(await findToast('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Hello desktop');
  });

  test('a share that fails says ‘Failed to prepare desktop for sharing’', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    getDesktop().mockResolvedValue(makeDesktop());
    api.on(DESKTOP_ENDPOINTS.share).mockRejectedValue(new ApiError('', 500, 'HTTP_ERROR'));
    renderDesktop();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create share link' }));
    expect(await findToast('Failed to prepare desktop for sharing')).toBeInTheDocument();
  });
});
