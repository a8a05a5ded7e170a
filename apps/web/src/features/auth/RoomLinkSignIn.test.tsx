import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import AuthPage from './AuthPage';
import { roomLinkOf } from './RoomLinkHeading';

const api = fakeApi();
const linkPreview = () => api.on(ROOM_ENDPOINTS.linkPreview);

function LinkPage() {
  return <p>Spending link {useParams().token}</p>;
}

/** /auth as the signed-in guard sends a signed-out visitor there: with the page they were headed to. */
function renderAt(url: string) {
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
        <RouterProvider router={router} />
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

  test('only the two room links are read as such', () => {
    expect(roomLinkOf('/rooms/invite/a%2Bb')).toEqual({ kind: 'invite', token: 'a+b' });
    expect(roomLinkOf('/rooms/join/abc/')).toEqual({ kind: 'join', token: 'abc' });
    expect(roomLinkOf('/rooms/abc')).toBeNull();
    expect(roomLinkOf('/rooms/join/%E0%A4%A')).toBeNull();
    expect(roomLinkOf(undefined)).toBeNull();
  });
});
