import type { RoomReadOnly, RoomRole } from '@clipsync/shared';
import type { Actor } from '../../lib/actor';
import { definePolicy } from '../../lib/policy';

/** A room as one actor sees it: `role` is that actor's (null when not a member). */
export interface RoomAccess {
  ownerId: string;
  isPrivate: boolean;
  role: RoomRole | null;
  /** Set where the room is presented (room-writable.ts): why it takes no changes now, or null. */
  readOnly?: RoomReadOnly | null;
}

const isMember = (actor: Actor, room: RoomAccess) => actor !== null && room.role !== null;
const isOwner = (actor: Actor, room: RoomAccess) => actor !== null && actor.userId === room.ownerId;

/**
 * A public room is open to every signed-in user (opening it joins them); a private one exists only for its
 * members (404 to others). Members share the room; the owner manages it.
 */
export const roomPolicy = definePolicy<RoomAccess>()({
  read: (actor, room) => isMember(actor, room) || (actor !== null && !room.isPrivate),
  join: (actor, room) => actor !== null && !isMember(actor, room) && !room.isPrivate,
  view: isMember,
  listen: isMember,
  update: isOwner,
  delete: isOwner,
  rotateInvite: isOwner,
  removeMember: isOwner,
  addMember: isMember,
  viewInvitations: isMember,
  cancelInvitation: isOwner,
  addContent: isMember,
  deleteContent: isMember,
  viewActivity: isMember,
  leave: (actor, room) => isMember(actor, room) && !isOwner(actor, room),
});
export type RoomAction = keyof typeof roomPolicy;

/** One item of a room's content, as one actor sees it. */
export interface RoomContentAccess {
  room: RoomAccess;
  authorId: string;
}

/** Any member may delete any item; only its author may edit a text. */
export const roomContentPolicy = definePolicy<RoomContentAccess>()({
  read: (actor, item) => isMember(actor, item.room),
  edit: (actor, item) => isMember(actor, item.room) && actor?.userId === item.authorId,
  delete: (actor, item) => isMember(actor, item.room),
});
