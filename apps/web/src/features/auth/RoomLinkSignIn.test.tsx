import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { SocketContext } from '../../realtime/socket-context';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import AuthPage from './AuthPage';
import { roomLinkOf } from './RoomLinkHeading';

const api = fakeApi();
const linkPreview = () => api.on(ROOM_ENDPOINTS.linkPreview);

function LinkPage() {
  return <p>Spending link {useParams().token}</p>;
}

/**
 * /auth as the signed-in guard sends a signed-out visitor there: with the page they were headed to, and the
 * guest socket the provider would open for it.
 */
function renderAt(url: string, socket = new FakeSocket().connect()) {
  const requestGuestConnection = vi.fn(() => () => undefined);
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/rooms/join/:token', element: <LinkPage /> },
      { path: '/rooms/invite/:token', element: <LinkPage /> },
    ],
    { initialEntries: [{ pathname: '/auth', state: { from: { pathname: url } } }] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={fakeSession(null)}>
        <SocketContext.Provider value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection }}>
          <RouterProvider router={router} />
        </SocketContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('signing in from a room link', () => {
  setUpPageTests();

  test('a mailed invitation names its room on the sign-in page and on sign-up, keeping where to return', async () => {
    linkPreview().mockResolvedValue({ name: 'Team notes' });
    const router = renderAt('/rooms/invite/tok-123');
    expect(await screen.findByText("Sign in to join 'Team notes'")).toBeInTheDocument();
    expect(linkPreview()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { kind: 'invite', token: 'tok-123' },
    });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
    expect(await screen.findByText("Create an account to join 'Team notes'")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Already have an account? Login' }));

    expect(await screen.findByText("Sign in to join 'Team notes'")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/rooms/invite/tok-123' } });
  });

  test('an invite link names its room too', async () => {
    linkPreview().mockResolvedValue({ name: 'Recipes' });
    renderAt('/rooms/join/share-abc');
    expect(await screen.findByText("Sign in to join 'Recipes'")).toBeInTheDocument();
    expect(linkPreview()).toHaveBeenCalledWith({ params: {}, query: {}, body: { kind: 'join', token: 'share-abc' } });
  });

  test('a link the server does not know leaves the page as it always was', async () => {
    linkPreview().mockRejectedValue(new ApiError('This link is invalid or has expired.', 404, 'NOT_FOUND'));
    renderAt('/rooms/join/forged');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await waitFor(() => expect(linkPreview()).toHaveBeenCalled());
    expect(screen.queryByText(/to join/)).not.toBeInTheDocument();
  });

  test('the room taken down while the page is open: the heading becomes the removal, without a reload', async () => {
    linkPreview().mockResolvedValue({ name: 'Recipes' });
    const socket = new FakeSocket().connect();
    renderAt('/rooms/join/share-abc', socket);
    expect(await screen.findByText("Sign in to join 'Recipes'")).toBeInTheDocument();
    // The link is watched on a guest socket, the way a shared desktop's viewer follows it.
    await waitFor(() =>
      expect(socket.emitted).toContainEqual({
        event: 'room:link:watch',
        args: [{ kind: 'join', token: 'share-abc' }, expect.any(Function)],
      }),
    );

    act(() => socket.fire('item:taken-down', { kind: 'desktop', id: 'd1', message: 'removed' }));
    expect(screen.getByText("Sign in to join 'Recipes'")).toBeInTheDocument();
    act(() => socket.fire('item:taken-down', { kind: 'room', id: 'r1', message: 'removed' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link was removed by the operator of this server');
    expect(screen.queryByText(/to join/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
    expect(linkPreview()).toHaveBeenCalledOnce();
    // Nothing more will come for it: the watch ends.
    expect(socket.emitted.map((emit) => emit.event)).toContain('room:link:unwatch');
  });

  test('a link the server does not name is not watched', async () => {
    linkPreview().mockRejectedValue(new ApiError('This link is invalid or has expired.', 404, 'NOT_FOUND'));
    const socket = new FakeSocket().connect();
    renderAt('/rooms/join/forged', socket);
    await waitFor(() => expect(linkPreview()).toHaveBeenCalled());
    expect(socket.emitted.map((emit) => emit.event)).not.toContain('room:link:watch');
  });

  test('only the two room links are read as such', () => {
    expect(roomLinkOf('/rooms/invite/a%2Bb')).toEqual({ kind: 'invite', token: 'a+b' });
    expect(roomLinkOf('/rooms/join/abc/')).toEqual({ kind: 'join', token: 'abc' });
    expect(roomLinkOf('/rooms/abc')).toBeNull();
    expect(roomLinkOf('/rooms/join/%E0%A4%A')).toBeNull();
    expect(roomLinkOf(undefined)).toBeNull();
  });
});
