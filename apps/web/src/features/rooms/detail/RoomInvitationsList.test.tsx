import { ROOM_ENDPOINTS, type RoomInvitation } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { makeRoom, ROOM_MEMBER_ABILITIES, roomMember, roomOwner } from '../../../test/room-fixtures';
import { Toaster } from '../../../ui/Toaster';
import { RoomInvitationsList } from './RoomInvitationsList';

const api = fakeApi();
const invitations = () => api.on(ROOM_ENDPOINTS.invitations);
const cancelInvitation = () => api.on(ROOM_ENDPOINTS.cancelInvitation);

const invitation = (overrides: Partial<RoomInvitation> = {}): RoomInvitation => ({
  id: 'inv-1',
  email: 'friend@example.com',
  invitedBy: { id: roomMember.id, name: roomMember.name, email: roomMember.email },
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  ...overrides,
});

function renderList(room = makeRoom()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RoomInvitationsList room={room} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('RoomInvitationsList', () => {
  setUpPageTests();

  test('lists pending invitations with who sent them and until when; the owner cancels one', async () => {
    invitations()
      .mockResolvedValueOnce([invitation(), invitation({ id: 'inv-2', email: 'other@example.com' })])
      .mockResolvedValue([invitation({ id: 'inv-2', email: 'other@example.com' })]);
    cancelInvitation().mockResolvedValue(undefined);
    renderList();
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    const [first] = within(section).getAllByRole('listitem');
    expect(first).toHaveTextContent('friend@example.com');
    expect(first).toHaveTextContent('Invited by member@example.com · expires Nov 27, 2026');
    // No sheet opens from an invitation: its lines wrap rather than end in "…", on a phone too.
    for (const line of within(first!).getAllByText(/@example\.com/)) expect(line).not.toHaveClass('truncate');
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel invitation: friend@example.com' }));
    expect(cancelInvitation()).toHaveBeenCalledExactlyOnceWith({
      params: { id: 'room-1', invitationId: 'inv-1' },
      query: {},
      body: undefined,
    });
    expect((await screen.findAllByText('Invitation cancelled'))[0]).toBeInTheDocument();
  });

  test('members see the list without the cancel button; with none pending nothing shows', async () => {
    invitations().mockResolvedValue([invitation({ invitedBy: roomOwner })]);
    renderList(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES, shareToken: null }));
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(section).toHaveTextContent('Invited by owner@example.com');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  test('nothing shows while no invitation is pending', async () => {
    invitations().mockResolvedValue([]);
    renderList();
    await waitFor(() => expect(invitations()).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });
});
