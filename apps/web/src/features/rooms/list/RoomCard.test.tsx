import { ROOM_ENDPOINTS, type RoomSummary } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import {
  makeRoomSummary as makeRoom,
  ROOM_MEMBER_ABILITIES as MEMBER_ROOM_ABILITIES,
} from '../../../test/room-fixtures';
import { RoomCard } from './RoomCard';

const api = fakeApi();
const remove = () => api.on(ROOM_ENDPOINTS.remove);

function renderCard(room: RoomSummary) {
  const router = createMemoryRouter(
    [
      { path: '/rooms', element: <RoomCard room={room} /> },
      { path: '/rooms/:roomId', element: <p>Room page</p> },
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

const avatarsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `u${index}`, email: `m${index}@example.com`, avatar: null }));

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

/** The toast store drops a toast repeated within 2 s: each test's clock runs a minute after the previous one's. */
const realNow = Date.now.bind(Date);
let clockOffset = 0;

async function confirmDelete() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Room' });
  expect(dialog).toHaveTextContent('The room, its content and its files are deleted for every member.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('RoomCard', () => {
  setUpPageTests();
  beforeEach(() => {
    clockOffset += 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
  });
  afterEach(() => vi.restoreAllMocks());

  test("shows the name, 'N member(s)', the lock badge and the last activity", () => {
    const updatedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    renderCard(makeRoom({ name: 'Secret plans', is_private: true, memberCount: 2, updated_at: updatedAt }));
    const card = screen.getByRole('article', { name: 'Secret plans' });
    expect(within(card).getByText('2 member(s)')).toBeInTheDocument();
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(within(card).getByText('5m ago')).toHaveAttribute('datetime', updatedAt);
  });

  test("in French the member count is a real singular or plural ('1 membre', '2 membres'), not 'membre(s)'", async () => {
    await changeLanguage('fr');
    try {
      renderCard(makeRoom({ name: 'Solo', memberCount: 1 }));
      renderCard(makeRoom({ id: 'r2', name: 'Duo', memberCount: 2 }));
      expect(within(screen.getByRole('article', { name: 'Solo' })).getByText('1 membre')).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Duo' })).getByText('2 membres')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  test('a public room has no lock badge', () => {
    renderCard(makeRoom({ is_private: false }));
    expect(screen.queryByText('Private')).not.toBeInTheDocument();
  });

  test("shows 3 avatars then '+N' for the other members", () => {
    renderCard(makeRoom({ memberCount: 12, avatars: avatarsOf(3) }));
    const card = screen.getByRole('article');
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    expect(within(card).getByTitle('m0@example.com')).toHaveTextContent('m');
    expect(within(card).getByText('+9')).toBeInTheDocument();
  });

  test('the card is one link to its room, then the delete button, in tab order', async () => {
    renderCard(makeRoom({ id: 'room-7', name: 'Ops' }));
    const card = screen.getByRole('article');
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/rooms/room-7');
    await userEvent.tab();
    expect(links[0]).toHaveFocus();
    await userEvent.tab();
    expect(within(card).getByRole('button', { name: 'Delete room' })).toHaveFocus();
  });

  test('a member without the delete ability sees no delete button', () => {
    renderCard(makeRoom({ role: 'member', abilities: MEMBER_ROOM_ABILITIES }));
    expect(screen.queryByRole('button', { name: 'Delete room' })).not.toBeInTheDocument();
  });

  test('Cancel in the confirm dialog deletes nothing', async () => {
    renderCard(makeRoom());
    await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Room' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove()).not.toHaveBeenCalled();
  });

  test("confirming deletes the room and says 'Room deleted'", async () => {
    remove().mockResolvedValue(undefined);
    renderCard(makeRoom({ id: 'room-3' }));
    await confirmDelete();
    expect(await findToast('Room deleted')).toBeInTheDocument();
    expect(remove()).toHaveBeenCalledWith({ params: { id: 'room-3' }, query: {}, body: undefined });
  });

  test("a refused delete says 'Error deleting room' with the server's message", async () => {
    remove().mockRejectedValue(new ApiError('Only the owner can delete the room', 403, 'FORBIDDEN'));
    renderCard(makeRoom());
    await confirmDelete();
    expect(await findToast('Error deleting room')).toBeInTheDocument();
    expect(await findToast('Failed to delete room: Only the owner can delete the room')).toBeInTheDocument();
  });

  test("a failure without a message says 'Unknown error occurred'", async () => {
    remove().mockRejectedValue(new Error(''));
    renderCard(makeRoom());
    await confirmDelete();
    expect(await findToast('Failed to delete room: Unknown error occurred')).toBeInTheDocument();
  });
});
