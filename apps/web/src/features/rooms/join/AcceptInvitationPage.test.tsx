import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { roomsApi } from '../../../api/rooms-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import AcceptInvitationPage from './AcceptInvitationPage';

vi.mock('../../../api/rooms-api', () => ({ roomsApi: { acceptInvitation: vi.fn() } }));

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
    let finish: (result: Awaited<ReturnType<typeof roomsApi.acceptInvitation>>) => void = () => undefined;
    vi.mocked(roomsApi.acceptInvitation).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderAt('/rooms/invite/token-xyz');
    expect(screen.getByRole('status')).toHaveTextContent('Accepting the invitation...');
    finish({ roomId: 'room-7', id: 'room-7', joined: true });
    expect(await screen.findByText('Room page room-7')).toBeInTheDocument();
    expect(roomsApi.acceptInvitation).toHaveBeenCalledExactlyOnceWith('token-xyz');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('an expired, cancelled or misaddressed invitation says so and leads back to the rooms', async () => {
    vi.mocked(roomsApi.acceptInvitation).mockRejectedValue(
      new ApiError('This invitation has expired.', 400, 'INVALID_TOKEN'),
    );
    renderAt('/rooms/invite/old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(/This invitation does not work/);
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toBeInTheDocument();
  });
});
