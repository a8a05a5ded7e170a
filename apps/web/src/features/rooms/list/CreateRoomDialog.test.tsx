import { ROOM_ENDPOINTS, type RoomDetail } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { CreateRoomDialog } from './CreateRoomDialog';
import { makeRoomSummary as makeRoom } from '../../../test/room-fixtures';

const api = fakeApi();
const create = () => api.on(ROOM_ENDPOINTS.create);

function OpenDialog() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <p>{isOpen ? 'open' : 'closed'}</p>
      <CreateRoomDialog isOpen={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}

function RoomAddress() {
  return <p>Room page {useParams().roomId}</p>;
}

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/rooms', element: <OpenDialog /> },
      { path: '/rooms/:roomId', element: <RoomAddress /> },
    ],
    { initialEntries: ['/rooms'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
const nameField = () => screen.getByRole('textbox', { name: 'Room name' });
const realNow = Date.now.bind(Date);
let clockOffset = 0;

describe('CreateRoomDialog', () => {
  setUpPageTests();
  beforeEach(() => {
    clockOffset += 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
  });
  afterEach(() => vi.restoreAllMocks());

  test('has its title, description and placeholder; a blank name cannot be created', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create New Room' })).toHaveAccessibleDescription(
      'Enter the name for your new room.',
    );
    expect(nameField()).toHaveAttribute('placeholder', 'Room name...');
    // A label shown above the field, not a name only a screen reader hears (the placeholder goes as one types).
    expect([...((nameField() as HTMLInputElement).labels ?? [])].map((label) => label.textContent)).toEqual([
      'Room name',
    ]);
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(nameField(), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(create()).not.toHaveBeenCalled();
  });

  test("Enter creates the trimmed name, 'Creating...' meanwhile, then 'Room created' and the room opens", async () => {
    let finish: (room: RoomDetail) => void = () => undefined;
    create().mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderDialog();
    await userEvent.type(nameField(), '  Design team {Enter}');
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(create()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { name: 'Design team', isPrivate: false },
    });
    finish({ ...makeRoom({ id: 'room-42' }), shareToken: 't', members: [], content: [], contentTotal: 0, authors: [] });
    expect(await findToast('Room created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms/room-42'));
  });

  test("a refused name says 'Failed to create room' with the server's message and keeps the dialog", async () => {
    create().mockRejectedValue(new ApiError('Room name is required', 400, 'VALIDATION'));
    const router = renderDialog();
    await userEvent.type(nameField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await findToast('Failed to create room')).toBeInTheDocument();
    expect(await findToast('Room name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(nameField()).toHaveValue('x');
    expect(router.state.location.pathname).toBe('/rooms');
  });

  test('Cancel closes the dialog and forgets the name', async () => {
    renderDialog();
    await userEvent.type(nameField(), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
