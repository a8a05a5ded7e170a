import { ROOMS_PAGE_SIZE } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { roomsApi } from '../../../api/rooms-api';
import { NO_ROOM_FILTERS } from '../../../lib/room-filters';
import { SocketContext } from '../../../realtime/socket-context';
import { FakeSocket } from '../../../test/fake-socket';
import { setUpPageTests, supportRadixSelect } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { makeRoomSummary as makeRoom } from '../../../test/room-fixtures';
import RoomsPage from './RoomsPage';

// A page of rooms has its total in a header, which fake-api cannot answer: it is stood in where it is read.
vi.mock('../../../api/rooms-api', () => ({ roomsApi: { list: vi.fn() } }));

const roomsOf = (count: number) => Array.from({ length: count }, (_, index) => makeRoom({ id: `room-${index}` }));

function RoomAddress() {
  return <p>Room page {useParams().roomId}</p>;
}

function renderAt(url = '/rooms', socket = new FakeSocket().connect()) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/rooms', element: <RoomsPage /> },
      { path: '/rooms/:roomId', element: <RoomAddress /> },
    ],
    { initialEntries: ['/dashboard', url], initialIndex: 1 },
  );
  const realtime = { socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SocketContext.Provider value={realtime}>
        <RouterProvider router={router} />
      </SocketContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search rooms...' });
const filtersSent = () => vi.mocked(roomsApi.list).mock.calls.map(([filters]) => filters);

async function choose(selectName: string, optionName: string) {
  await userEvent.click(screen.getByRole('combobox', { name: selectName }));
  await userEvent.click(await screen.findByRole('option', { name: optionName }));
}

describe('RoomsPage', () => {
  setUpPageTests();
  supportRadixSelect();

  test("shows 'Rooms', the cards and 'N room(s)' from the server's total, newest activity first", async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(3), total: 3 });
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Rooms' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading rooms...');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('3 room(s)')).toBeInTheDocument();
    expect(roomsApi.list).toHaveBeenCalledWith(NO_ROOM_FILTERS, { limit: ROOMS_PAGE_SIZE, offset: 0 });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test('the Filters button opens and closes the panel', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    renderAt();
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(filtersButton());
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true');
    expect(searchBox()).toBeInTheDocument();
    await userEvent.click(filtersButton());
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  test('typing is sent once it settles for 300 ms, and kept in the URL without an entry per keystroke', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    const router = renderAt();
    await userEvent.click(filtersButton());
    await userEvent.type(searchBox(), 'design');
    expect(searchBox()).toHaveValue('design');
    await waitFor(() => expect(router.state.location.search).toBe('?q=design'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(filtersSent().map((filters) => filters.search)).toContain('design'));
    expect(filtersSent().map((filters) => filters.search)).toEqual(['', 'design']);
    expect(filtersButton()).toHaveAccessibleName(/^Filters\s*1 active filter$/);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('privacy, member count, sort and its order go to the server and into the URL', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    const router = renderAt();
    await userEvent.click(filtersButton());
    await choose('Privacy', 'Private');
    await choose('Member Count', 'Medium (4-10)');
    await choose('Sort By', 'Name');
    expect(screen.getByRole('button', { name: 'Descending' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Descending' }));
    expect(screen.getByRole('button', { name: 'Ascending' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?privacy=private&size=medium&sort=name&order=asc'));
    const expected = { search: '', privacy: 'private', size: 'medium', sort: 'name', order: 'asc' };
    await waitFor(() => expect(roomsApi.list).toHaveBeenLastCalledWith(expected, { limit: 50, offset: 0 }));
    // The sort orders the list and does not count as a filter.
    expect(filtersButton()).toHaveAccessibleName(/^Filters\s*2 active filters$/);
    expect(filtersButton()).toHaveTextContent(/^Filters2/);
  });

  test('a link with filters opens with the panel showing them; Clear all resets everything', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    const router = renderAt('/rooms?q=ops&privacy=public&size=large&sort=member_count&order=asc');
    expect(searchBox()).toHaveValue('ops');
    expect(screen.getByRole('combobox', { name: 'Privacy' })).toHaveTextContent('Public');
    expect(screen.getByRole('combobox', { name: 'Member Count' })).toHaveTextContent('Large (over 10)');
    expect(screen.getByRole('combobox', { name: 'Sort By' })).toHaveTextContent('Member Count');
    expect(filtersButton()).toHaveAccessibleName(/^Filters\s*3 active filters$/);
    expect(roomsApi.list).toHaveBeenCalledWith(
      { search: 'ops', privacy: 'public', size: 'large', sort: 'member_count', order: 'asc' },
      { limit: 50, offset: 0 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(searchBox()).toHaveValue('');
    expect(filtersButton()).toHaveAccessibleName('Filters');
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
    await waitFor(() => expect(roomsApi.list).toHaveBeenLastCalledWith(NO_ROOM_FILTERS, { limit: 50, offset: 0 }));
  });

  test('a sort alone offers Clear all but shows no badge', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    renderAt('/rooms?sort=name');
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
    expect(filtersButton()).toHaveAccessibleName('Filters');
  });

  test("with no rooms, 'No rooms found.', the hint and a Create Room button that opens the dialog", async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: [], total: 0 });
    renderAt();
    expect(await screen.findByText('No rooms found.')).toBeInTheDocument();
    expect(screen.getByText(/A room is a shared space/)).toBeInTheDocument();
    expect(screen.getByText('0 room(s)')).toBeInTheDocument();
    const createButtons = screen.getAllByRole('button', { name: 'Create Room' });
    expect(createButtons).toHaveLength(2);
    await userEvent.click(createButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create New Room' })).toBeInTheDocument();
  });

  test("with filters and no match, 'No rooms match your filters.' and no Create button in the list", async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: [], total: 0 });
    renderAt('/rooms?privacy=private');
    expect(await screen.findByText('No rooms match your filters.')).toBeInTheDocument();
    expect(screen.queryByText('No rooms found.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Room' })).toHaveLength(1);
  });

  test("a failed load shows the 'Failed to load rooms' toast and says so with Retry, never the empty state", async () => {
    vi.mocked(roomsApi.list).mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt();
    expect(await findToast('Failed to load rooms')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your rooms");
    expect(screen.queryByText('No rooms found.')).not.toBeInTheDocument();

    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(1), total: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 room(s)')).toBeInTheDocument();
  });

  test('more than 50 rooms are paged: Next asks for the next 50', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: roomsOf(50), total: 120 });
    const router = renderAt();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('120 room(s)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(roomsApi.list).toHaveBeenLastCalledWith(NO_ROOM_FILTERS, { limit: 50, offset: 50 }));
  });

  test('a card opens its room', async () => {
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms: [makeRoom({ id: 'room-9', name: 'Ops' })], total: 1 });
    const router = renderAt();
    const card = await screen.findByRole('article', { name: 'Ops' });
    await userEvent.click(within(card).getByRole('link', { name: 'Ops' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms/room-9'));
  });

  test('a room this user is removed from leaves the open list at once, before any refetch answers', async () => {
    const socket = new FakeSocket().connect();
    const rooms = [makeRoom({ id: 'room-a', name: 'Team notes' }), makeRoom({ id: 'room-b', name: 'Recipes' })];
    vi.mocked(roomsApi.list).mockResolvedValue({ rooms, total: 2 });
    renderAt('/rooms', socket);
    expect(await screen.findByText('Team notes')).toBeInTheDocument();
    expect(screen.getByText('2 room(s)')).toBeInTheDocument();

    // The refetch that follows never answers here: the room must go from what is already on screen.
    vi.mocked(roomsApi.list).mockReturnValue(new Promise(() => undefined));
    act(() => socket.fire('room:closed', { roomId: 'room-a', reason: 'removed' }));
    await waitFor(() => expect(screen.queryByText('Team notes')).not.toBeInTheDocument());
    expect(screen.getByText('Recipes')).toBeInTheDocument();
    expect(screen.getByText('1 room(s)')).toBeInTheDocument();
  });
});
