import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { desktopApi } from '../../api/desktop-api';
import {
  DESKTOP_GUEST_ABILITIES,
  makeDesktop,
  makeDesktopFileItem,
  makeDesktopItem,
} from '../../test/desktop-fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import SharedDesktopPage from './SharedDesktopPage';

vi.mock('../../api/desktop-api', () => import('../../test/desktop-api-mock'));

const sharedDesktop = () =>
  makeDesktop({
    kind: 'shared',
    shareToken: undefined,
    abilities: DESKTOP_GUEST_ABILITIES,
    items: [makeDesktopItem(), makeDesktopFileItem({ file_name: 'report.pdf', file_type: 'application/pdf' })],
  });

const renderShared = (token = 'tok-123') =>
  renderLivePage({
    path: '/desktop/shared/:token',
    url: `/desktop/shared/${token}`,
    element: <SharedDesktopPage />,
    user: null,
  });

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

describe('SharedDesktopPage', () => {
  setUpPageTests();

  test('opens the desktop of the link’s token, with Refresh, and follows it live as a guest', async () => {
    vi.mocked(desktopApi.getShared).mockResolvedValue(sharedDesktop());
    const { socket, requestGuestConnection } = renderShared();
    expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
    expect(desktopApi.getShared).toHaveBeenCalledWith('tok-123');
    const file = screen.getByRole('article', { name: 'report.pdf' });
    expect(within(file).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(requestGuestConnection).toHaveBeenCalled();
    expect(socket.emitted).toContainEqual(
      expect.objectContaining({
        event: 'join:desktop:network',
        args: [{ networkId: 'net-1', desktopId: 'tok-123' }, expect.any(Function)],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(vi.mocked(desktopApi.getShared).mock.calls.length).toBeGreaterThan(1);
  });

  test('Add Text sends the text with the token as desktopId; blank text cannot be added', async () => {
    vi.mocked(desktopApi.getShared).mockResolvedValue(sharedDesktop());
    vi.mocked(desktopApi.addText).mockResolvedValue(makeDesktopItem({ id: 'item-9', content: 'From a friend' }));
    renderShared();
    const addText = await screen.findByRole('button', { name: 'Add Text' });
    expect(addText).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'From a friend');
    await userEvent.click(addText);
    expect(await findToast('Text added')).toBeInTheDocument();
    expect(desktopApi.addText).toHaveBeenCalledWith({ desktopId: 'tok-123' }, 'From a friend', expect.any(Object));
    expect(screen.getByRole('article', { name: 'From a friend' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });

  test('deleting goes to the desktop of the token', async () => {
    vi.mocked(desktopApi.getShared).mockResolvedValue(sharedDesktop());
    vi.mocked(desktopApi.removeItem).mockResolvedValue(undefined);
    renderShared();
    const text = await screen.findByRole('article', { name: 'Hello desktop' });
    await userEvent.click(within(text).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Item deleted')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Hello desktop' })).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() =>
      expect(desktopApi.removeItem).toHaveBeenCalledWith({ desktopId: 'tok-123' }, 'item-1', { keepalive: true }),
    );
  });

  test('a link rotated or revoked while open says so at once and drops the add box and the blocks', async () => {
    vi.mocked(desktopApi.getShared).mockResolvedValue(sharedDesktop());
    const { socket } = renderShared();
    expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
    // Another desktop's news is not this page's.
    act(() => socket.fire('desktop:share:revoked', { networkId: 'another-desktop' }));
    expect(screen.getByRole('button', { name: 'Add Text' })).toBeInTheDocument();

    act(() => socket.fire('desktop:share:revoked', { networkId: 'net-1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This desktop is no longer shared with you');
    expect(screen.queryByRole('button', { name: 'Add Text' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Text' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Hello desktop' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load shared desktop')).not.toBeInTheDocument();
  });

  test("an unknown or revoked link says so, with 'Failed to load shared desktop'", async () => {
    vi.mocked(desktopApi.getShared).mockRejectedValue(new ApiError('Desktop not found', 404, 'NOT_FOUND'));
    renderShared('revoked');
    expect(await screen.findByRole('alert')).toHaveTextContent('Desktop not found or access denied.');
    expect(await findToast('Failed to load shared desktop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Text' })).not.toBeInTheDocument();
  });
});
