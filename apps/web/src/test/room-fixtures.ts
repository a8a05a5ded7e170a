import type { PublicUser, RoomAbilities, RoomContentItem, RoomDetail, RoomMember, RoomSummary } from '@clipsync/shared';

/** What the server grants a room's owner, and a plain member (rooms.policy on the server). */
export const ROOM_OWNER_ABILITIES: RoomAbilities = {
  update: true,
  delete: true,
  rotateInvite: true,
  addMember: true,
  removeMember: true,
  addContent: true,
  deleteContent: true,
  viewActivity: true,
  leave: false,
};
export const ROOM_MEMBER_ABILITIES: RoomAbilities = {
  ...ROOM_OWNER_ABILITIES,
  update: false,
  delete: false,
  rotateInvite: false,
  removeMember: false,
  leave: true,
};

export const roomOwner: RoomMember = {
  id: 'owner-1',
  name: 'Olivia Owner',
  email: 'owner@example.com',
  role: 'owner',
  avatar: null,
};
/** The room owner as the session knows them: the signed-in user of the owner's page tests. */
export const roomOwnerUser: PublicUser = {
  id: roomOwner.id,
  email: roomOwner.email,
  name: 'Owner',
  emailConfirmedAt: null,
  createdAt: '',
  role: 'user',
};
export const roomMember: RoomMember = {
  id: 'member-1',
  name: 'Max Member',
  email: 'member@example.com',
  role: 'member',
  avatar: null,
};
const asUser = ({ id, name, email }: RoomMember) => ({ id, name, email });

export function makeRoomItem(overrides: Partial<RoomContentItem> = {}): RoomContentItem {
  return {
    id: 'item-1',
    type: 'text',
    content: 'Hello room',
    version: 1,
    file_name: null,
    file_type: null,
    file_size: null,
    file_url: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    user: asUser(roomOwner),
    abilities: { edit: true, delete: true },
    ...overrides,
  };
}

export function makeRoom(overrides: Partial<RoomDetail> = {}): RoomDetail {
  const content = overrides.content ?? [makeRoomItem()];
  return {
    id: 'room-1',
    name: 'Design team',
    isPrivate: false,
    is_private: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: new Date().toISOString(),
    memberCount: 2,
    role: 'owner',
    abilities: ROOM_OWNER_ABILITIES,
    readOnly: null,
    shareToken: 'invite-token-123',
    members: [roomOwner, roomMember],
    content,
    contentTotal: content.length,
    authors: [asUser(roomOwner)],
    ...overrides,
  };
}

/** A card of `GET /rooms` as the server sends it (both privacy spellings), owned by the caller. */
export function makeRoomSummary(overrides: Partial<RoomSummary> = {}): RoomSummary {
  return {
    id: 'room-1',
    name: 'Design team',
    is_private: false,
    isPrivate: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    memberCount: 1,
    role: 'owner',
    avatars: [{ id: 'u1', email: 'a@example.com', avatar: null }],
    abilities: ROOM_OWNER_ABILITIES,
    readOnly: null,
    ...overrides,
  };
}
