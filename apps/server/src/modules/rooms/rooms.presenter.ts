import {
  API_BASE,
  pathTo,
  ROOM_ENDPOINTS,
  type RoomAbilities,
  type Takedown,
  type RoomActivityEntry,
  type RoomActivityType,
  type RoomAvatar,
  type RoomContentItem,
  type RoomDetail,
  type RoomMember,
  type RoomSummary,
  type RoomUser,
} from '@clipsync/shared';
import type { roomActivity } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { FileLinks } from '../../lib/file-links';
import { abilitiesOf } from '../../lib/policy';
import type { RoomContentRow, RoomRow } from './rooms.context';
import { writableAbilities, writableContentAbilities } from './room-writable';
import { roomContentPolicy, roomPolicy, type RoomAccess } from './rooms.policy';

type RoomActivityRow = typeof roomActivity.$inferSelect;

const ROOM_ABILITIES = [
  'update',
  'delete',
  'rotateInvite',
  'addMember',
  'removeMember',
  'addContent',
  'deleteContent',
  'viewActivity',
  'leave',
] as const satisfies ReadonlyArray<keyof RoomAbilities>;

/**
 * Download address of a room file: the room and item find it, the name is for the browser, and `access`
 * is a link signed for the caller, so that an `<img>` or a plain link works without a bearer header.
 */
export function roomFileUrl(item: Pick<RoomContentRow, 'id' | 'roomId'>, name: string, access?: string): string {
  const path = `${API_BASE}${pathTo(ROOM_ENDPOINTS.download.path, { id: item.roomId, fileId: item.id, name })}`;
  return access ? `${path}?access=${access}` : path;
}

export function toRoomContentItem(
  row: RoomContentRow,
  author: RoomUser,
  actor: Actor,
  room: RoomAccess,
  fileLinks: FileLinks,
): RoomContentItem {
  const isFile = row.type === 'file' && row.fileName !== null;
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    version: row.version,
    file_name: row.fileName,
    file_type: row.fileType,
    file_size: row.fileSize,
    file_url: isFile
      ? roomFileUrl(
          row,
          row.fileName ?? '',
          actor ? fileLinks.sign('room', { userId: actor.userId, sessionId: actor.sessionId }, row.id) : undefined,
        )
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    user: author,
    abilities: contentAbilities(row, actor, room),
  };
}

/** What the caller may do with an item. Files are replaced by uploading again, never edited: only a text is. */
export function contentAbilities(
  row: Pick<RoomContentRow, 'type' | 'userId'>,
  actor: Actor,
  room: RoomAccess,
): RoomContentItem['abilities'] {
  const abilities = abilitiesOf(roomContentPolicy, ['edit', 'delete'], actor, { room, authorId: row.userId });
  return writableContentAbilities({ edit: abilities.edit && row.type === 'text', delete: abilities.delete }, room);
}

/** A room as a list card: `is_private` as the list spells it, `isPrivate` as the detail does. */
export function toRoomSummary(row: RoomRow, access: RoomAccess, avatars: RoomAvatar[], actor: Actor): RoomSummary {
  return {
    id: row.id,
    name: row.name,
    is_private: row.isPrivate,
    isPrivate: row.isPrivate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    memberCount: row.memberCount,
    role: access.role ?? 'member',
    avatars,
    abilities: writableAbilities(abilitiesOf(roomPolicy, ROOM_ABILITIES, actor, access), access),
    readOnly: access.readOnly ?? null,
  };
}

export interface RoomDetailParts {
  members: RoomMember[];
  content: RoomContentItem[];
  contentTotal: number;
  authors: RoomUser[];
  /** The operator's takedown in force, if any: shown to the owner only. */
  takedown?: Takedown | null;
}

export function toRoomDetail(row: RoomRow, access: RoomAccess, parts: RoomDetailParts, actor: Actor): RoomDetail {
  const { avatars: _avatars, ...summary } = toRoomSummary(row, access, [], actor);
  const { members, content, contentTotal, authors } = parts;
  // The invite link joins whoever holds it: only the owner, who may replace it, is given it.
  const shareToken = summary.abilities.rotateInvite ? row.shareToken : null;
  // The owner alone reaches a taken-down room (room-access.ts): they are told why, in the detail's order.
  const takedown = parts.takedown && access.ownerId === actor?.userId ? { takedown: parts.takedown } : {};
  return { ...summary, shareToken, ...takedown, members, content, contentTotal, authors };
}

/** An activity log entry: `details` travels as a JSON string. */
export function toActivityEntry(row: RoomActivityRow, user: RoomUser): RoomActivityEntry {
  return {
    id: row.id,
    type: row.type as RoomActivityType,
    details: JSON.stringify(row.details ?? {}),
    user,
    timestamp: row.createdAt.toISOString(),
  };
}
