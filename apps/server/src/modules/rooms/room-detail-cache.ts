import { constants as zlib } from 'node:zlib';
import type { RoomContentItem, RoomContentQuery, RoomDetail, RoomMember, RoomUser } from '@clipsync/shared';
import type { roomContent } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { DomainEvents } from '../../lib/domain-events';
import { rememberSplicedGzip } from '../../lib/plain-json-serializer';
import { deflatedPiece, gzipOfPieces, storedPiece, type GzipPiece } from '../../lib/spliced-gzip';
import { CACHED_TEXT_MAX, textHeldBy } from '../../lib/text-size';
import { VersionedCache } from '../../lib/versioned-cache';

// The speed of a room's detail: answers remembered per caller and query, the parts every member shares
// built once, and the shared parts' JSON and gzip spliced into each answer rather than made again. Nothing
// here knows the database or who may do what: the rooms service builds the parts, the presenter the answer.

/** One page of a room's content as stored, each item with its author: the same for every member. */
export interface ContentPage {
  rows: Array<{ item: typeof roomContent.$inferSelect; user: RoomUser }>;
  /** How many items matched the filters. */
  total: number;
}

/** What a room's detail shows besides its content page. */
export interface RoomLists {
  members: RoomMember[];
  /** Everyone who put something in the room (members or not any more): the User filter's choices. */
  authors: RoomUser[];
  /** All of the room's items: the total of an unfiltered content query. */
  contentTotal: number;
}

/**
 * A room detail's parts that are the same for every member asking the same query. `content` is made from
 * the first answer's items (remember).
 */
export type RoomSharedParts = Omit<RoomLists, 'contentTotal'> & {
  page: ContentPage;
  encoded: EncodedRoomLists;
  content?: SharedContent;
};

/**
 * A member reopening a room, paging back and forth or refetching on focus gets the detail it was just sent
 * as long as nothing changed (a 200-member room's detail is ~40 KB built from three queries); 200 members opening it one after another share its queries' answers. 30 s keeps the signed file
 * links inside far from their one-hour expiry.
 */
const DETAIL_CACHE = { maxGroups: 500, maxKeysPerGroup: 20, maxAgeMs: 30_000, maxWeight: CACHED_TEXT_MAX };

/**
 * The room details built for a caller and a query, and the parts they share whoever asks (members, authors,
 * the page's rows), per query: each under the room's version, and dropped at once when the room changes.
 */
export class RoomDetailCache {
  private readonly details = new VersionedCache<RoomDetail>({
    ...DETAIL_CACHE,
    weigh: (detail) => textHeldBy(detail.content),
  });
  private readonly sharedParts = new VersionedCache<RoomSharedParts>({
    ...DETAIL_CACHE,
    weigh: (parts) => textHeldBy(parts.page.rows.map((row) => row.item)),
  });

  constructor(events: DomainEvents) {
    // The version check already refuses a stale detail; this drops a changed room's details at once.
    for (const event of ['room.changed', 'room.member-gone', 'room.deleted'] as const)
      events.on(event, ({ roomId }) => {
        this.details.forget(roomId);
        this.sharedParts.forget(roomId);
      });
  }

  /**
   * Abilities and signed file links are the caller's (links name their session): a detail is remembered per
   * session and query, and per whether the room takes changes (the owner's plan can lapse or come back
   * without the room changing).
   */
  static keyOf(actor: Actor, isReadOnly: boolean, query: RoomContentQuery): string {
    const writability = isReadOnly ? 'read-only' : 'writable';
    return `${actor?.userId}\n${actor?.sessionId}\n${writability}\n${JSON.stringify(query)}`;
  }

  detail(roomId: string, key: string, version: string): RoomDetail | undefined {
    return this.details.get(roomId, key, version);
  }

  /**
   * The queries' part of a detail, the same whoever asks: built once per query and room version, so the 200
   * members of a room opening it in turn cost one build, and 199 presentations of what is theirs alone.
   */
  async shared(
    roomId: string,
    query: RoomContentQuery,
    version: string,
    load: () => Promise<Omit<RoomSharedParts, 'encoded' | 'content'>>,
  ): Promise<RoomSharedParts> {
    const key = JSON.stringify(query);
    const known = this.sharedParts.get(roomId, key, version);
    if (known) return known;
    const { members, authors, page } = await load();
    const parts = { members, authors, page, encoded: encodeRoomLists({ members, authors }) };
    this.sharedParts.set(roomId, key, version, parts);
    return parts;
  }

  /**
   * Remembers a caller's detail with its gzip form spliced from the shared parts; the first caller's items
   * become the shared content of the parts.
   */
  remember(roomId: string, key: string, version: string, detail: RoomDetail, parts: RoomSharedParts, actor: Actor) {
    parts.content ??= shareContent(detail.content, parts.page.rows, actor);
    const { gzip, json } = encodeRoomDetail(detail, parts.encoded, parts.content);
    rememberSplicedGzip(detail, gzip, json);
    this.details.set(roomId, key, version, detail);
  }
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
  rows: ReadonlyArray<{ item: { userId: string } }>,
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

/** A detail's lists as JSON and compressed: the same for every member, so made once per room version. */
export interface EncodedRoomLists {
  members: GzipPiece;
  authors: GzipPiece;
}

export function encodeRoomLists(lists: Pick<RoomLists, 'members' | 'authors'>): EncodedRoomLists {
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
