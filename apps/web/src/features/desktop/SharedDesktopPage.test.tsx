import { DESKTOP_ENDPOINTS } from '@clipsync/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import {
  DESKTOP_GUEST_ABILITIES,
  makeDesktop,
  makeDesktopFileItem,
  makeDesktopItem,
} from '../../test/desktop-fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { renderLivePage } from '../../test/render-live-page';
import { fakeApi } from '../../test/fake-api';
import SharedDesktopPage from './SharedDesktopPage';

const api = fakeApi();
const getShared = () => api.on(DESKTOP_ENDPOINTS.getShared);

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
    getShared().mockResolvedValue(sharedDesktop());
    const { socket, requestGuestConnection } = renderShared();
    expect(await screen.findByRole('article', { name: 'Hello desktop' })).toBeInTheDocument();
    expect(getShared()).toHaveBeenCalledWith({ params: { token: 'tok-123' }, query: {} });
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
    expect(getShared().mock.calls.length).toBeGreaterThan(1);
  });

  test('Add Text sends the text with the token as desktopId; blank text cannot be added', async () => {
    getShared().mockResolvedValue(sharedDesktop());
    api.on(DESKTOP_ENDPOINTS.addText).mockResolvedValue(makeDesktopItem({ id: 'item-9', content: 'From a friend' }));
    renderShared();
    const addText = await screen.findByRole('button', { name: 'Add Text' });
    expect(addText).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'From a friend');
    await userEvent.click(addText);
    expect(await findToast('Text added')).toBeInTheDocument();
    expect(api.on(DESKTOP_ENDPOINTS.addText)).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { content: 'From a friend', position: expect.any(Object), desktopId: 'tok-123' },
    });
    expect(screen.getByRole('article', { name: 'From a friend' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });

  test('deleting goes to the desktop of the token', async () => {
    getShared().mockResolvedValue(sharedDesktop());
    api.on(DESKTOP_ENDPOINTS.removeItem).mockResolvedValue(undefined);
    renderShared();
    const text = await screen.findByRole('article', { name: 'Hello desktop' });
    await userEvent.click(within(text).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Item deleted')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Hello desktop' })).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() =>
      expect(api.on(DESKTOP_ENDPOINTS.removeItem)).toHaveBeenCalledWith({
        params: { id: 'item-1' },
        query: { desktopId: 'tok-123' },
        keepalive: true,
      }),
    );
  });

  test('a link rotated or revoked while open says so at once and drops the add box and the blocks', async () => {
    getShared().mockResolvedValue(sharedDesktop());
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
    getShared().mockRejectedValue(new ApiError('Desktop not found', 404, 'NOT_FOUND'));
    renderShared('revoked');
    expect(await screen.findByRole('alert')).toHaveTextContent('Desktop not found or access denied.');
    expect(await findToast('Failed to load shared desktop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Text' })).not.toBeInTheDocument();
  });
});
