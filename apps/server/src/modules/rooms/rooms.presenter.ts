import { constants as zlib } from 'node:zlib';
import type {
  RoomAbilities,
  RoomActivityEntry,
  RoomActivityType,
  RoomAvatar,
  RoomContentItem,
  RoomDetail,
  RoomMember,
  RoomSummary,
  RoomUser,
} from '@clipsync/shared';
import type { roomActivity, roomContent } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { FileLinks } from '../../lib/file-links';
import { deflatedPiece, gzipOfPieces, storedPiece, type GzipPiece } from '../../lib/spliced-gzip';
import { abilitiesOf } from '../../lib/policy';
import type { RoomRow } from './room-access';
import { roomContentPolicy, roomPolicy, type RoomAccess } from './rooms.policy';

export type RoomContentRow = typeof roomContent.$inferSelect;
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
  const path = `/api/rooms/${item.roomId}/files/${item.id}/${encodeURIComponent(name)}`;
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
  // Files are replaced by uploading again, never edited: only a text is ever editable.
  const abilities = abilitiesOf(roomContentPolicy, ['edit', 'delete'], actor, { room, authorId: row.userId });
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    file_name: row.fileName,
    file_type: row.fileType,
    file_size: row.fileSize,
    file_url: isFile
      ? roomFileUrl(row, row.fileName ?? '', actor ? fileLinks.sign(actor.userId, row.id) : undefined)
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    user: author,
    abilities: { ...abilities, edit: abilities.edit && row.type === 'text' },
  };
}

/** SPEC §3 Room as a list card: `is_private` as the spec writes it, `isPrivate` as the detail does. */
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
    abilities: abilitiesOf(roomPolicy, ROOM_ABILITIES, actor, access),
  };
}

export interface RoomDetailParts {
  members: RoomMember[];
  content: RoomContentItem[];
  contentTotal: number;
  authors: RoomUser[];
}

export function toRoomDetail(row: RoomRow, access: RoomAccess, parts: RoomDetailParts, actor: Actor): RoomDetail {
  const { avatars: _avatars, ...summary } = toRoomSummary(row, access, [], actor);
  const { members, content, contentTotal, authors } = parts;
  return { ...summary, shareToken: row.shareToken, members, content, contentTotal, authors };
}

/** A detail's lists as JSON and compressed: the same for every member, so made once per room version. */
export interface EncodedRoomLists {
  members: GzipPiece;
  authors: GzipPiece;
}

export function encodeRoomLists(lists: Pick<RoomDetailParts, 'members' | 'authors'>): EncodedRoomLists {
  return {
    members: deflatedPiece(Buffer.from(JSON.stringify(lists.members))),
    authors: deflatedPiece(Buffer.from(JSON.stringify(lists.authors))),
  };
}

const CLOSE_OBJECT = storedPiece(Buffer.from('}'));

/** One caller's detail: its gzip form and its JSON, in pieces. */
export interface EncodedRoomDetail {
  gzip: Buffer;
  json: Buffer[];
}

/**
 * Exactly `JSON.stringify(detail)`, with the shared lists spliced in rather than encoded and compressed
 * again: a 200-member room's members are three quarters of its detail, and each member's first view of a
 * change encoded and compressed them anew. Only the caller's own parts are encoded here: the room's fields
 * with the caller's abilities, and the content page with the caller's file links. The keys go in
 * toRoomDetail's order, which is the schema's.
 */
export function encodeRoomDetail(detail: RoomDetail, lists: EncodedRoomLists): EncodedRoomDetail {
  const { members: _members, content, contentTotal, authors: _authors, ...head } = detail;
  const headJson = JSON.stringify(head);
  const pieces = [
    storedPiece(Buffer.from(`${headJson.slice(0, -1)},"members":`)),
    lists.members,
    deflatedPiece(
      Buffer.from(`,"content":${JSON.stringify(content)},"contentTotal":${contentTotal},"authors":`),
      zlib.Z_BEST_SPEED,
    ),
    lists.authors,
    CLOSE_OBJECT,
  ];
  return { gzip: gzipOfPieces(pieces), json: pieces.map((piece) => piece.bytes) };
}

/** SPEC §3 Activity log entry: `details` travels as a JSON string. */
export function toActivityEntry(row: RoomActivityRow, user: RoomUser): RoomActivityEntry {
  return {
    id: row.id,
    type: row.type as RoomActivityType,
    details: JSON.stringify(row.details ?? {}),
    user,
    timestamp: row.createdAt.toISOString(),
  };
}
