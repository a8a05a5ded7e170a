import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { roomsApi } from '../../../api/rooms-api';
import { SocketContext } from '../../../realtime/socket-context';
import { AuthContext } from '../../../session/auth-context';
import { fakeApi } from '../../../test/fake-api';
import { FakeSocket } from '../../../test/fake-socket';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import {
  makeRoom,
  makeRoomItem,
  ROOM_MEMBER_ABILITIES,
  roomMember,
  roomOwner,
  roomOwnerUser,
} from '../../../test/room-fixtures';
import { Toaster } from '../../../ui/Toaster';
import RoomPage from './RoomPage';

// An upload with progress goes through XMLHttpRequest, not fetch: it is stood in for where it is made.
vi.mock('../../../api/rooms-api', () => ({ roomsApi: { uploadFile: vi.fn() } }));

const api = fakeApi();
const getRoom = () => api.on(ROOM_ENDPOINTS.get);
const updateText = () => api.on(ROOM_ENDPOINTS.updateContent);
const removals = () => api.on(ROOM_ENDPOINTS.removeMember);
const textEdit = (content: string, version: number) => ({
  params: { id: 'room-1', contentId: 'item-1' },
  query: {},
  body: { content, version },
});

const ownerUser = roomOwnerUser;
const memberUser = { ...ownerUser, id: roomMember.id, email: roomMember.email };

function renderRoom(user = ownerUser) {
  const socket = new FakeSocket().connect();
  const router = createMemoryRouter(
    [
      { path: '/rooms/:roomId', element: <RoomPage /> },
      { path: '/rooms', element: <p>Rooms list</p> },
    ],
    { initialEntries: ['/rooms/room-1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(user)}>
        <SocketContext.Provider
          value={{ socket: socket.asSocket(), isConnected: true, requestGuestConnection: () => () => undefined }}
        >
          <RouterProvider router={router} />
        </SocketContext.Provider>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { socket, router };
}

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

describe('RoomPage', () => {
  setUpPageTests();
  beforeEach(() => api.on(ROOM_ENDPOINTS.invitations).mockResolvedValue([]));

  test('a room that cannot load (offline) says so with Retry and the way back; Retry shows it', async () => {
    getRoom().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    getRoom().mockResolvedValue(makeRoom());
    renderRoom();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this room");
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/rooms');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Design team' })).toBeInTheDocument();
  });

  test('the owner sees the header, tabs and content, and adds text', async () => {
    getRoom().mockResolvedValue(makeRoom());
    api.on(ROOM_ENDPOINTS.addContent).mockResolvedValue(makeRoomItem({ id: 'item-2', content: 'New note' }));
    renderRoom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Design team' })).toBeInTheDocument();
    expect(screen.getByText('Public Room')).toBeInTheDocument();
    expect(screen.getByText('2 member(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Room' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Content', 'Members', 'Activity']);
    expect(screen.getByText('Hello room')).toBeInTheDocument();
    expect(screen.getByText('1 item(s)')).toBeInTheDocument();

    const addContent = screen.getByRole('button', { name: 'Add Content' });
    expect(addContent).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Add to the room'), 'New note');
    await userEvent.click(addContent);
    expect(await findToast('Content added')).toBeInTheDocument();
    expect(api.on(ROOM_ENDPOINTS.addContent)).toHaveBeenCalledWith({
      params: { id: 'room-1' },
      query: {},
      body: { content: 'New note', type: 'text' },
    });
    expect(screen.getByLabelText('Add to the room')).toHaveValue('');
  });

  test('a member sees no owner actions (nor the invite link), and may leave', async () => {
    getRoom().mockResolvedValue(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES, shareToken: null }));
    api.on(ROOM_ENDPOINTS.leave).mockResolvedValue(undefined);
    const { router } = renderRoom(memberUser);
    await screen.findByRole('heading', { level: 1, name: 'Design team' });
    expect(screen.queryByRole('button', { name: 'Copy invite link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Room' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Room settings' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave this room?' })).getByRole('button', { name: 'Leave' }),
    );
    expect(await findToast('You left the room')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
  });

  test("deleting content asks first, then says 'Content deleted'", async () => {
    getRoom().mockResolvedValue(makeRoom());
    api.on(ROOM_ENDPOINTS.removeContent).mockResolvedValue(undefined);
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete content' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Content' });
    expect(dialog).toHaveTextContent('All room members can delete content');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Content deleted')).toBeInTheDocument();
    expect(api.on(ROOM_ENDPOINTS.removeContent)).toHaveBeenCalledWith({
      params: { id: 'room-1', contentId: 'item-1' },
      query: {},
      body: undefined,
    });
  });

  test("a file over 10 MB is refused by name with 'File too large'; the others upload", async () => {
    getRoom().mockResolvedValue(makeRoom());
    vi.mocked(roomsApi.uploadFile).mockResolvedValue({ url: '/f', item: makeRoomItem({ type: 'file' }) });
    renderRoom();
    await screen.findByRole('heading', { level: 1, name: 'Design team' });
    const big = new File(['x'], 'huge.bin');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    const small = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Upload File', { selector: 'input' }), [big, small]);
    await waitFor(() => expect(roomsApi.uploadFile).toHaveBeenCalledTimes(1));
    expect(await findToast('File too large')).toBeInTheDocument();
    expect(screen.getByText('huge.bin exceeds the 10MB limit. Please choose a smaller file.')).toBeInTheDocument();
    expect(vi.mocked(roomsApi.uploadFile).mock.calls[0]?.[1]).toBe(small);
  });

  test('the Member Details sheet offers Remove from Room to the owner, for members only', async () => {
    getRoom().mockResolvedValue(makeRoom());
    removals().mockResolvedValue(undefined);
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    await userEvent.click(screen.getByRole('button', { name: /owner@example\.com/ }));
    let sheet = screen.getByRole('dialog', { name: 'Member Details' });
    expect(within(sheet).queryByRole('button', { name: 'Remove from Room' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: /member@example\.com/ }));
    sheet = screen.getByRole('dialog', { name: 'Member Details' });
    expect(within(sheet).getByRole('button', { name: 'Remove from Room' })).toBeInTheDocument();
  });

  describe('removing a member waits 5 s for its Undo', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      getRoom().mockResolvedValue(makeRoom());
      removals().mockResolvedValue(undefined);
    });
    afterEach(() => vi.useRealTimers());
    const memberRow = () => screen.queryByRole('button', { name: /member@example\.com/ });
    const removal = { params: { id: 'room-1', memberId: 'member-1' }, query: {}, body: undefined };
    const removeMember = async () => {
      renderRoom();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('tab', { name: 'Members' }));
      await user.click(screen.getByRole('button', { name: /member@example\.com/ }));
      const sheet = screen.getByRole('dialog', { name: 'Member Details' });
      await user.click(within(sheet).getByRole('button', { name: 'Remove from Room' }));
    };

    test('the member leaves the list at once with ‘Member removed’; the DELETE goes after 5 s', async () => {
      await removeMember();
      expect(await findToast('Member removed')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Member Details' })).not.toBeInTheDocument();
      expect(memberRow()).not.toBeInTheDocument();
      expect(removals()).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(5000));
      // Sent the usual way: the request has no `keepalive` (see the test of the page hiding below).
      await waitFor(() => expect(removals()).toHaveBeenCalledExactlyOnceWith(removal));
    });

    test('Undo brings the member back and nothing is sent', async () => {
      await removeMember();
      fireEvent.click((await screen.findAllByRole('button', { name: 'Undo' }))[0]!);
      expect(memberRow()).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10_000));
      expect(removals()).not.toHaveBeenCalled();
    });

    test('the page hiding within the 5 s sends the DELETE then, kept alive', async () => {
      await removeMember();
      act(() => void window.dispatchEvent(new Event('pagehide')));
      await waitFor(() => expect(removals()).toHaveBeenCalledExactlyOnceWith({ ...removal, keepalive: true }));
    });
  });

  test('members and authors are shown by name, with the e-mail as secondary text', async () => {
    getRoom().mockResolvedValue(makeRoom());
    renderRoom();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(card).toHaveTextContent('by Olivia Owner (owner@example.com)');
    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    const row = screen.getByRole('button', { name: /Max Member/ });
    // The avatar names the member by e-mail to screen readers too; the visible line is the name, then the e-mail.
    const shown = within(row).getByText('Max Member').parentElement;
    expect(shown).toHaveTextContent(/^Max Member member@example\.com$/);
    await userEvent.click(row);
    const sheet = screen.getByRole('dialog', { name: 'Member Details' });
    expect(within(sheet).getByText('Max Member')).toBeInTheDocument();
    expect(within(sheet).getAllByText('member@example.com')).not.toHaveLength(0);
  });

  test('a long e-mail cut short in the list is whole on hover, and whole in the Member Details sheet', async () => {
    const email = 'a.very.long.address.for.one.member.of.this.room@departments.example-company.com';
    const unnamed = { ...roomMember, id: 'member-2', name: '', email };
    getRoom().mockResolvedValue(makeRoom({ members: [roomOwner, { ...roomMember, email }, unnamed] }));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    const [named, alone] = screen.getAllByRole('button', { name: new RegExp(email.replaceAll('.', '\\.')) });
    expect(within(named!).getByText('Max Member').parentElement).toHaveAttribute('title', email);
    expect(
      within(alone!)
        .getAllByTitle(email)
        .map((element) => element.textContent),
    ).toContain(email);

    await userEvent.click(named!);
    const sheet = screen.getByRole('dialog', { name: 'Member Details' });
    const shown = within(sheet)
      .getAllByText(email)
      .find((element) => element.tagName === 'P')!;
    // The sheet is where a member is read in full: its lines wrap rather than end in "…".
    expect(shown).not.toHaveClass('truncate');
    expect(within(sheet).getByText('Max Member')).not.toHaveClass('truncate');
  });

  test("an invitation refused by the server shows its reason and 'Failed to add member'", async () => {
    getRoom().mockResolvedValue(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES }));
    api
      .on(ROOM_ENDPOINTS.addMember)
      .mockRejectedValue(
        new ApiError('Only the room owner can invite back someone who was removed.', 403, 'FORBIDDEN'),
      );
    renderRoom(memberUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Member' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'removed@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the room owner can invite back someone who was removed.',
    );
    expect(await findToast('Failed to add member')).toBeInTheDocument();
  });

  test('the activity tab words each entry by its type', async () => {
    getRoom().mockResolvedValue(makeRoom());
    api.on(ROOM_ENDPOINTS.activity).mockResolvedValue([
      {
        id: 'a2',
        type: 'file_uploaded',
        details: '{"fileName":"plan.pdf"}',
        user: roomMember,
        timestamp: new Date().toISOString(),
      },
      {
        id: 'a1',
        type: 'member_added',
        details: '{"memberEmail":"member@example.com"}',
        user: roomOwner,
        timestamp: new Date().toISOString(),
      },
    ]);
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('uploaded plan.pdf', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByText('added member@example.com', { exact: false })).toBeInTheDocument();
  });

  test('a room the server refuses (no longer a member) says so, without a Retry that would only hear it again', async () => {
    getRoom().mockRejectedValue(new ApiError('You are no longer a member', 403, 'FORBIDDEN'));
    renderRoom();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load room');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText("Couldn't load this room")).not.toBeInTheDocument();
  });

  test('an unknown room says so on the page, without a toast', async () => {
    getRoom().mockRejectedValue(new ApiError('Room not found', 404, 'NOT_FOUND'));
    renderRoom();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This room does not exist, or you are not a member of it.',
    );
    expect(screen.queryByText('Failed to load room')).not.toBeInTheDocument();
  });

  test('live: another member’s change refetches the room; removal sends this member back to the list', async () => {
    getRoom().mockResolvedValue(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES }));
    const { socket, router } = renderRoom(memberUser);
    await screen.findByRole('heading', { level: 1, name: 'Design team' });
    expect(socket.emitted).toContainEqual(
      expect.objectContaining({ event: 'room:join', args: [{ roomId: 'room-1' }, expect.any(Function)] }),
    );
    const calls = getRoom().mock.calls.length;
    getRoom().mockResolvedValue(
      makeRoom({
        role: 'member',
        abilities: ROOM_MEMBER_ABILITIES,
        content: [makeRoomItem({ content: 'Arrived live' })],
      }),
    );
    act(() => socket.fire('room:changed', { roomId: 'room-1', type: 'content_add', actorId: roomOwner.id }));
    expect(await screen.findByText('Arrived live')).toBeInTheDocument();
    expect(getRoom().mock.calls.length).toBeGreaterThan(calls);

    act(() => socket.fire('room:closed', { roomId: 'room-1', reason: 'removed' }));
    expect(await findToast('You were removed from this room')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
  });

  test('the owner of a taken-down room still has it, with the operator’s reason', async () => {
    getRoom().mockResolvedValue(
      makeRoom({ takedown: { reason: 'Spam room', takenDownAt: '2026-11-26T10:00:00.000Z' } }),
    );
    renderRoom();
    expect(await screen.findByText(/The operator of this server took this down\..*Reason: Spam room/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Design team' })).toBeInTheDocument();
  });

  test('a taken-down room says the operator removed it: on load (410) and live, nothing of the room left', async () => {
    getRoom().mockRejectedValue(
      new ApiError('This link was removed by the operator of this server', 410, 'TAKEN_DOWN'),
    );
    renderRoom(memberUser);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was removed by the operator of this server');
    expect(screen.queryByText('Failed to load room')).not.toBeInTheDocument();
    cleanup();

    getRoom().mockResolvedValue(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES }));
    const { socket } = renderRoom(memberUser);
    await screen.findByRole('heading', { level: 1, name: 'Design team' });
    act(() => socket.fire('item:taken-down', { kind: 'room', id: 'another-room', message: 'removed' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Design team' })).toBeInTheDocument();
    act(() => socket.fire('item:taken-down', { kind: 'room', id: 'room-1', message: 'removed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was removed by the operator of this server');
    expect(screen.queryByRole('heading', { level: 1, name: 'Design team' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/rooms');
  });

  test('an edit saved elsewhere first asks which version to keep; Keep mine saves over it, Take theirs loads it', async () => {
    getRoom().mockResolvedValue(makeRoom());
    const conflict = new ApiError('Changed', 409, 'EDIT_CONFLICT', undefined, { text: 'From the phone', version: 2 });
    updateText().mockRejectedValueOnce(conflict);
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit' });
    await userEvent.clear(field);
    await userEvent.type(field, 'From the laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Changed on another device' });
    expect(within(dialog).getByLabelText('Your version')).toHaveTextContent('From the laptop');
    expect(within(dialog).getByLabelText('Saved on the other device')).toHaveTextContent('From the phone');
    expect(updateText()).toHaveBeenCalledExactlyOnceWith(textEdit('From the laptop', 1));
    expect(screen.queryByText('Failed to update content')).not.toBeInTheDocument();

    // Take theirs: the stored text replaces this one in the editor, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Edit' })).toHaveValue('From the phone');
    expect(updateText()).toHaveBeenCalledOnce();

    // Edited again from there and refused again: Keep mine saves it over the version the refusal named.
    updateText()
      .mockRejectedValueOnce(new ApiError('Changed', 409, 'EDIT_CONFLICT', undefined, { text: 'Third', version: 3 }))
      .mockResolvedValueOnce(makeRoomItem({ content: 'From the phone, edited', version: 4 }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit' }), ', edited');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(updateText()).toHaveBeenLastCalledWith(textEdit('From the phone, edited', 2));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep mine' }));
    expect(await findToast('Content updated')).toBeInTheDocument();
    expect(updateText()).toHaveBeenLastCalledWith(textEdit('From the phone, edited', 3));
  });
});
