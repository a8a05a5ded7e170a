import { ROOM_ENDPOINTS, type JoinRoomResult } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import JoinRoomPage from './JoinRoomPage';

const api = fakeApi();
const join = () => api.on(ROOM_ENDPOINTS.join);

function RoomAddress() {
  return <p>Room page {useParams().roomId}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/rooms', element: <p>Rooms list</p> },
      { path: '/rooms/join/:token', element: <JoinRoomPage /> },
      { path: '/rooms/:roomId', element: <RoomAddress /> },
    ],
    { initialEntries: ['/dashboard', url], initialIndex: 1 },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

describe('JoinRoomPage', () => {
  setUpPageTests();

  test("says 'Joining the room...', joins once even under StrictMode, then replaces the link by the room", async () => {
    let finish: (result: JoinRoomResult) => void = () => undefined;
    join().mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderAt('/rooms/join/token-abc');
    expect(screen.getByRole('status')).toHaveTextContent('Joining the room...');
    finish({ roomId: 'room-5', id: 'room-5', joined: true });
    expect(await screen.findByText('Room page room-5')).toBeInTheDocument();
    expect(join()).toHaveBeenCalledExactlyOnceWith({ params: {}, query: {}, body: { shareToken: 'token-abc' } });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/rooms/room-5');
  });

  test('a dead link says so, without a toast, and leads back to the rooms list', async () => {
    join().mockRejectedValue(new ApiError('Invite link not found', 404, 'NOT_FOUND'));
    const router = renderAt('/rooms/join/old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite link does not work any more. Ask a member for a new one.',
    );
    expect(screen.queryByText('Invite link not found')).not.toBeInTheDocument();
    expect(join()).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Rooms' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
  });
});
