import { DEVICE_ENDPOINTS, type Clip } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SocketContext } from '../realtime/socket-context';
import { makeDevice, phone } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { FakeSocket } from '../test/fake-socket';
import { makeClip, makeShareSettings, VIEWER_ABILITIES } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { Toaster } from '../ui/Toaster';
import { ClipGrid, type EmptyListState } from './ClipGrid';

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);

const clipboard = { writeText: vi.fn(), write: vi.fn() };

/** jsdom has no ClipboardItem: this one keeps what it was given and says Chromium's answer to `supports`. */
class FakeClipboardItem {
  static supports = (type: string) => type === 'image/png';
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}

function renderGrid(clips: readonly Clip[], empty: EmptyListState = { text: 'Nothing here' }) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ClipGrid clips={clips} isLoading={false} empty={empty} /> },
      { path: '/new-clip', element: <p>New clip page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SocketContext.Provider
        value={{
          socket: new FakeSocket().connect().asSocket(),
          isConnected: true,
          requestGuestConnection: () => () => undefined,
        }}
      >
        <RouterProvider router={router} />
      </SocketContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
/** The toast store drops a toast repeated within 2 s: each test's clock runs a minute after the previous one's. */
const realNow = Date.now.bind(Date);
let clockOffset = 0;

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

describe('ClipGrid', () => {
  setUpPageTests();
  beforeEach(() => {
    clockOffset += 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    clipboard.writeText.mockResolvedValue(undefined);
    clipboard.write.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test("a card's Copy button copies the clip's text and says 'Copied!'", async () => {
    renderGrid([makeClip({ content: 'meeting at 10' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(clipboard.writeText).toHaveBeenCalledWith('meeting at 10');
    expect(await findToast('Copied!')).toBeInTheDocument();
  });

  test('a clip with no text but a PNG copies the image itself', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue({ ok: true, status: 200, blob: () => Promise.resolve(png) }));
    const image = { id: 'file-1', name: 'shot.png', size: 3, type: 'image/png', url: '/api/files/shot' };
    renderGrid([makeClip({ content: '', files: [image], fileName: 'shot.png', fileType: 'image/png' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(await findToast('Copied!')).toBeInTheDocument();
    const [[items]] = clipboard.write.mock.calls as [[FakeClipboardItem[]]];
    expect(await items[0]?.items['image/png']).toBe(png);
    expect(fetch).toHaveBeenCalledWith('/api/files/shot', expect.objectContaining({ credentials: 'include' }));
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });

  test('an image the browser cannot hold (JPEG in Chromium) copies the clip link instead', async () => {
    const image = { id: 'file-2', name: 'photo.jpg', size: 3, type: 'image/jpeg', url: '/api/files/photo' };
    renderGrid([makeClip({ id: 'clip-9', content: '', files: [image], fileName: 'photo.jpg' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}/clips/clip-9`);
    expect(clipboard.write).not.toHaveBeenCalled();
    expect(await findToast('Link copied')).toBeInTheDocument();
  });

  test("a refused copy shows the 'Failed to copy' toast", async () => {
    clipboard.writeText.mockRejectedValue(new Error('denied'));
    renderGrid([makeClip({ content: 'secret' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy clip' }));
    expect(await findToast('Failed to copy')).toBeInTheDocument();
    expect(await findToast('Please try copying the link manually.')).toBeInTheDocument();
  });

  test('a card is one link to its clip, then its buttons, in tab order', async () => {
    renderGrid([makeClip({ id: 'clip-7', content: 'tab through me' })]);
    const card = screen.getByRole('article');
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/clips/clip-7');
    const stops = ['Copy clip', 'Share clip', 'Send to a device', 'Add to favorites', 'Delete clip'];
    await userEvent.tab();
    expect(links[0]).toHaveFocus();
    for (const name of stops) {
      await userEvent.tab();
      expect(within(card).getByRole('button', { name })).toHaveFocus();
    }
  });

  test("Send to a device opens the picker for the card's clip; a clip that is not the user's has no Send", async () => {
    listDevices().mockResolvedValue({ devices: [makeDevice(), phone] });
    renderGrid([
      makeClip({ id: 'clip-7', content: 'mine' }),
      makeClip({ id: 'clip-8', content: 'a member’s', abilities: VIEWER_ABILITIES }),
    ]);
    const [mine, theirs] = screen.getAllByRole('article');
    expect(within(theirs!).queryByRole('button', { name: 'Send to a device' })).not.toBeInTheDocument();
    await userEvent.click(within(mine!).getByRole('button', { name: 'Send to a device' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send to a device' }));
    expect(dialog.getByText('Choose the devices to send this clip to.')).toBeInTheDocument();
    expect(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ })).toBeInTheDocument();
  });

  test('a file shows its type in words, the MIME type and the full name on hover', () => {
    const longName = 'quarterly-financial-report-final-version-2026.pdf';
    renderGrid([makeClip({ content: 'report', fileName: longName, fileType: 'application/pdf' })]);
    const type = screen.getByText('PDF document');
    expect(type).toHaveAttribute('title', 'application/pdf');
    expect(screen.queryByText(/application\/pdf/)).not.toBeInTheDocument();
    expect(screen.getByText(longName)).toHaveAttribute('title', longName);
  });

  test('the empty state keeps its words and offers Create clip, which opens /new-clip', async () => {
    const router = renderGrid([], { text: 'No clips found. Create your first clip!', offerNewClip: true });
    expect(screen.getByText('No clips found. Create your first clip!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Create clip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-clip'));
  });

  test('an empty state with a hint shows it, and without offerNewClip no button', () => {
    renderGrid([], { text: 'No favorite clips found.', hint: 'Use the star on a clip to add it here.' });
    expect(screen.getByText('Use the star on a clip to add it here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create clip' })).not.toBeInTheDocument();
  });

  test('a clip that went with its link ("Delete the clip when the link ends") says so, with no content', () => {
    const burnt = (id: string, state: 'expired' | 'viewed') =>
      makeClip({ id, content: '', share: makeShareSettings({ maxViews: 1, viewsLeft: 0, state, deleteAfter: true }) });
    renderGrid([burnt('c1', 'expired'), burnt('c2', 'viewed')]);
    expect(screen.getByRole('article', { name: 'Expired' })).toHaveTextContent('Its content was deleted.');
    expect(screen.getByRole('article', { name: 'Viewed' })).toHaveTextContent('Its content was deleted.');
  });

  test('a clip whose link ended without taking it keeps its content and says only that the link ended', () => {
    renderGrid([
      makeClip({
        id: 'c1',
        content: 'still mine',
        share: makeShareSettings({ expiresAt: new Date(0).toISOString(), state: 'expired' }),
      }),
      makeClip({
        id: 'c2',
        content: 'read once',
        share: makeShareSettings({ maxViews: 1, viewsLeft: 0, state: 'viewed' }),
      }),
    ]);
    const expired = screen.getByRole('article', { name: 'still mine' });
    expect(expired).toHaveTextContent('Link expired');
    expect(expired).not.toHaveTextContent('deleted');
    const viewed = screen.getByRole('article', { name: 'read once' });
    expect(viewed).toHaveTextContent('Link used: every view spent');
    expect(viewed).not.toHaveTextContent('deleted');
  });

  test('a clip set to go with its link says when: "Deletes itself in 6 h", or after its views', () => {
    const inSixHours = new Date(Date.now() + 6 * 3_600_000 + 60_000).toISOString();
    renderGrid([
      makeClip({ id: 'c1', content: 'timed', share: makeShareSettings({ expiresAt: inSixHours, deleteAfter: true }) }),
      makeClip({
        id: 'c2',
        content: 'counted',
        share: makeShareSettings({ maxViews: 3, viewsLeft: 2, deleteAfter: true }),
      }),
      makeClip({ id: 'c3', content: 'kept', share: makeShareSettings({ expiresAt: inSixHours }) }),
    ]);
    expect(screen.getByRole('article', { name: 'timed' })).toHaveTextContent('Deletes itself in 6 h');
    expect(screen.getByRole('article', { name: 'counted' })).toHaveTextContent('Deletes itself after 2 more views');
    expect(screen.getByRole('article', { name: 'kept' })).not.toHaveTextContent('Deletes itself');
  });
});
