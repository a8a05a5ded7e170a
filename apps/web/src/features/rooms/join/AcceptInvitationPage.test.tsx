import { ROOM_ENDPOINTS, type JoinRoomResult } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import AcceptInvitationPage from './AcceptInvitationPage';

const api = fakeApi();
const acceptInvitation = () => api.on(ROOM_ENDPOINTS.acceptInvitation);

function RoomAddress() {
  return <p>Room page {useParams().roomId}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/rooms', element: <p>Rooms list</p> },
      { path: '/rooms/invite/:token', element: <AcceptInvitationPage /> },
      { path: '/rooms/:roomId', element: <RoomAddress /> },
    ],
    { initialEntries: ['/dashboard', url], initialIndex: 1 },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

describe('AcceptInvitationPage', () => {
  setUpPageTests();

  test('accepts the invitation once, even under StrictMode, and replaces the link by the room', async () => {
    let finish: (result: JoinRoomResult) => void = () => undefined;
    acceptInvitation().mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderAt('/rooms/invite/token-xyz');
    expect(screen.getByRole('status')).toHaveTextContent('Accepting the invitation...');
    finish({ roomId: 'room-7', id: 'room-7', joined: true });
    expect(await screen.findByText('Room page room-7')).toBeInTheDocument();
    expect(acceptInvitation()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { token: 'token-xyz' },
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('an expired, cancelled or misaddressed invitation says so and leads back to the rooms', async () => {
    acceptInvitation().mockRejectedValue(new ApiError('This invitation has expired.', 400, 'INVALID_TOKEN'));
    renderAt('/rooms/invite/old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(/This invitation does not work/);
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toBeInTheDocument();
  });
});
