import { ROOM_ENDPOINTS, type RoomAbilities } from '@clipsync/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderLivePage } from '../../../test/render-live-page';
import {
  makeRoom,
  makeRoomItem,
  ROOM_MEMBER_ABILITIES,
  ROOM_OWNER_ABILITIES,
  roomMember,
  roomOwnerUser,
} from '../../../test/room-fixtures';
import RoomPage from './RoomPage';

const api = fakeApi();
const getRoom = () => api.on(ROOM_ENDPOINTS.get);

const ownerUser = roomOwnerUser;
const memberUser = { ...ownerUser, id: roomMember.id, email: roomMember.email };

/** What the server withholds in a room whose owner's plan has lapsed. */
const withoutWrites = (abilities: RoomAbilities): RoomAbilities => ({
  ...abilities,
  update: false,
  rotateInvite: false,
  addMember: false,
  addContent: false,
  deleteContent: false,
});

/** A room whose owner's plan has lapsed, as the server answers it to `role`. */
function lapsedRoom(role: 'owner' | 'member') {
  const abilities = withoutWrites(role === 'owner' ? ROOM_OWNER_ABILITIES : ROOM_MEMBER_ABILITIES);
  return makeRoom({
    role,
    abilities,
    readOnly: { reason: 'ownerPlanLapsed', requiredPlan: 'advanced' },
    content: [
      makeRoomItem({ abilities: { edit: false, delete: false } }),
      makeRoomItem({
        id: 'item-2',
        type: 'file',
        content: '',
        file_name: 'report.pdf',
        file_type: 'application/pdf',
        file_size: 2048,
        file_url: '/api/rooms/room-1/files/item-2/report.pdf?access=signed',
        abilities: { edit: false, delete: false },
      }),
    ],
  });
}

const renderRoom = (user: typeof ownerUser) =>
  renderLivePage({ path: '/rooms/:roomId', url: '/rooms/room-1', element: <RoomPage />, user });

describe('a read-only room (its owner’s plan has lapsed)', () => {
  setUpPageTests();

  test('the owner is told why, with the way to the plans, and sees no write controls', async () => {
    getRoom().mockResolvedValue(lapsedRoom('owner'));
    renderRoom(ownerUser);
    const notice = await screen.findByRole('status', { name: 'This room is read-only' });
    expect(notice).toHaveTextContent('Your plan has lapsed');
    expect(notice).toHaveTextContent('Upgrade to Advanced to use the room again.');
    expect(within(notice).getByRole('link', { name: 'Upgrade to Advanced' })).toHaveAttribute('href', '/billing');

    for (const control of ['Add Content', 'Add Member', 'Room settings', 'Copy invite link', 'Edit', 'Delete content'])
      expect(screen.queryByRole('button', { name: control })).not.toBeInTheDocument();
    // Reading, downloading and taking the room down stay.
    expect(screen.getByText('Hello room')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Room' })).toBeInTheDocument();
  });

  test('a member is told the owner’s plan lapsed, with no upgrade of their own to buy', async () => {
    getRoom().mockResolvedValue(lapsedRoom('member'));
    renderRoom(memberUser);
    const notice = await screen.findByRole('status', { name: 'This room is read-only' });
    expect(notice).toHaveTextContent("The room owner's plan has lapsed");
    expect(notice).toHaveTextContent('You can still read and download everything in the room.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    for (const control of ['Add Content', 'Add Member', 'Copy invite link', 'Edit', 'Delete content'])
      expect(screen.queryByRole('button', { name: control })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Room' })).toBeInTheDocument();
  });

  test('a change refused on a page opened before the plan lapsed turns the page read-only', async () => {
    getRoom()
      .mockResolvedValueOnce(makeRoom({ role: 'member', abilities: ROOM_MEMBER_ABILITIES }))
      .mockResolvedValue(lapsedRoom('member'));
    api
      .on(ROOM_ENDPOINTS.addContent)
      .mockRejectedValue(
        new ApiError("This room is read-only: the room owner's plan has lapsed.", 402, 'PLAN_REQUIRED', 'advanced'),
      );
    renderRoom(memberUser);
    await userEvent.type(await screen.findByLabelText('Add to the room'), 'Too late');
    await userEvent.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByRole('status', { name: 'This room is read-only' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Content' })).not.toBeInTheDocument();
  });

  test('a room that takes changes shows no notice', async () => {
    getRoom().mockResolvedValue(makeRoom());
    renderRoom(ownerUser);
    expect(await screen.findByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'This room is read-only' })).not.toBeInTheDocument();
  });
});
