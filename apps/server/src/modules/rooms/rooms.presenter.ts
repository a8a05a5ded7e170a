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
import type { RoomRow } from './rooms.context';
import { writableAbilities, writableContentAbilities } from './room-writable';
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
          actor ? fileLinks.sign('room', [actor.userId, actor.sessionId], row.id) : undefined,
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

/**
 * A content page's items that are the same for every caller who may do the same with them, and the runs of
 * them between the others, as JSON and compressed. Made once per room version and query from its first
 * caller's view: of a 200-member room's members opening it after a change, each encoded and compressed
 * the same 20 items again, ~30 % of an answer's CPU. Per caller stay a file's link (signed for them) and
 * the first caller's own items (which they alone may edit).
 */
export interface SharedContent {
  /** Per row of the page: the item every caller with the same abilities on it gets, or null. */
  items: ReadonlyArray<RoomContentItem | null>;
  /** By the index where a run of shared items starts: where it ends, and its items' JSON comma-joined. */
  runs: ReadonlyMap<number, { end: number; piece: GzipPiece }>;
}

export function shareContent(
  items: readonly RoomContentItem[],
  rows: ReadonlyArray<{ item: Pick<RoomContentRow, 'userId'> }>,
  firstCaller: Actor,
): SharedContent {
  const shared = items.map((item, index) =>
    item.file_url === null && rows[index]?.item.userId !== firstCaller?.userId ? item : null,
  );
  const runs = new Map<number, { end: number; piece: GzipPiece }>();
  for (let start = 0; start < shared.length; start++) {
    if (shared[start] === null) continue;
    let end = start;
    while (end < shared.length && shared[end] !== null) end++;
    const json = shared.slice(start, end).map((item) => JSON.stringify(item));
    runs.set(start, { end, piece: deflatedPiece(Buffer.from(json.join(','))) });
    start = end;
  }
  return { items: shared, runs };
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
    abilities: writableAbilities(abilitiesOf(roomPolicy, ROOM_ABILITIES, actor, access), access),
    readOnly: access.readOnly ?? null,
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
  // The invite link joins whoever holds it: only the owner, who may replace it, is given it.
  const shareToken = summary.abilities.rotateInvite ? row.shareToken : null;
  return { ...summary, shareToken, members, content, contentTotal, authors };
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
 * change encoded and compressed them anew. Likewise the runs of `shared` content items that this detail
 * holds (the very same objects). Only the caller's own parts are encoded here: the room's fields with the
 * caller's abilities, and their own content items. The keys go in toRoomDetail's order, the schema's.
 */
export function encodeRoomDetail(
  detail: RoomDetail,
  lists: EncodedRoomLists,
  shared?: SharedContent,
): EncodedRoomDetail {
  const { members: _members, content, contentTotal, authors: _authors, ...head } = detail;
  const headJson = JSON.stringify(head);
  const pieces = [storedPiece(Buffer.from(`${headJson.slice(0, -1)},"members":`)), lists.members];
  let own = ',"content":[';
  for (let index = 0; index < content.length; index++) {
    if (index > 0) own += ',';
    const run = shared?.runs.get(index);
    if (shared && run && holdsRun(content, shared, index, run.end)) {
      pieces.push(ownPiece(own), run.piece);
      own = '';
      index = run.end - 1;
    } else {
      own += JSON.stringify(content[index]);
    }
  }
  pieces.push(ownPiece(`${own}],"contentTotal":${contentTotal},"authors":`), lists.authors, CLOSE_OBJECT);
  return { gzip: gzipOfPieces(pieces), json: pieces.map((piece) => piece.bytes) };
}

/** Whether the detail's items from `start` to `end` are the shared ones, so that the run's bytes are theirs. */
function holdsRun(content: readonly RoomContentItem[], shared: SharedContent, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (content[index] !== shared.items[index]) return false;
  return end <= content.length;
}

/** Below this, a caller's own bytes are stored: compressing them would cost more than the bytes saved. */
const OWN_COMPRESS_MIN_BYTES = 1024;

/** A caller's own bytes, made for every answer: zlib's fastest level (spliced-gzip.ts), or stored. */
function ownPiece(text: string): GzipPiece {
  const bytes = Buffer.from(text);
  return bytes.length < OWN_COMPRESS_MIN_BYTES ? storedPiece(bytes) : deflatedPiece(bytes, zlib.Z_BEST_SPEED);
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
