import { z } from 'zod';
import type { EditConflictCurrent, ErrorCode } from '../errors';
import { FILE_NAME_MAX, FILE_TYPE_MAX, FILES_PER_CLIP_BOUND } from '../limits';
import { ClipContent, EditVersion, ResourceId } from './clips';
import { DesktopPosition, DesktopShareToken, DesktopSize, LanDesktopData } from './desktop';
import { NearSignalData, NearSignalEmit } from './nearness';
import { RoomLinkPreviewRequest } from './rooms';
import { text } from './text';

/**
 * What a client emits on its socket (ClientToServerEvents) and the schema the server parses each with
 * (CLIENT_EVENT_PAYLOADS, realtime/socket-handler.ts), re-exported by events.ts beside what the server sends.
 * A payload parsed here is no looser than the HTTP route that does the same.
 */

export const ClipFileSummary = z.object({
  name: text().max(FILE_NAME_MAX),
  size: z.number().int().nonnegative(),
  type: text().max(FILE_TYPE_MAX),
  // A name percent-encodes to at most 9 characters per code unit, behind a short fixed prefix.
  url: text().max(FILE_NAME_MAX * 9 + 64),
});
export type ClipFileSummary = z.infer<typeof ClipFileSummary>;

/** The same id and content rules as the HTTP routes: a socket is no looser than `PUT /clipboard/{id}`. */
export const ClipContentUpdatedPayload = z.object({
  clipId: ResourceId,
  content: ClipContent,
  /** Sent by the owner: the version the edit started from (as over HTTP); told to viewers: the stored one. */
  version: EditVersion.optional(),
});
export type ClipContentUpdatedPayload = z.infer<typeof ClipContentUpdatedPayload>;

/** The owner's emit may carry `files`; it is bounded here and never trusted (viewers get the stored list). */
export const ClipFilesUpdatedPayload = z.object({
  clipId: ResourceId,
  files: z.array(ClipFileSummary).max(FILES_PER_CLIP_BOUND),
});
export type ClipFilesUpdatedPayload = z.infer<typeof ClipFilesUpdatedPayload>;

/** `device:send-ack`: the device has it; the server stops sending it. Another device's or an unknown id is ignored. */
export const DeviceSendAck = z.object({ id: ResourceId });
export type DeviceSendAck = z.infer<typeof DeviceSendAck>;

/** The longest LAN name: the server numbers namesakes inside it ('… · Otter 2'). */
export const LAN_PEER_NAME_MAX = 64;
/** A LAN device's name as peers see it ('Chrome on Linux · Otter'), chosen or renamed by its user. */
export const LanPeerName = text().trim().min(1).max(LAN_PEER_NAME_MAX);
export const LanHostAnnounce = z.object({ name: LanPeerName.optional(), desktop: LanDesktopData });
export type LanHostAnnounce = z.infer<typeof LanHostAnnounce>;
export const LanHostUpdate = z.object({ desktop: LanDesktopData });
export type LanHostUpdate = z.infer<typeof LanHostUpdate>;
export const LanPeerConnect = z.object({ peerId: text().min(1).max(64) });
export type LanPeerConnect = z.infer<typeof LanPeerConnect>;

/**
 * Nearness between two LAN peers (events.ts): the initiator asks a challenge for the pair, passes it over a
 * host-only WebRTC data channel, and the other peer answers it over its own socket (decision 030).
 */
const LanPeerId = text().min(1).max(64);
export const LanNearSignalEmit = z.object({ toPeerId: LanPeerId, data: NearSignalData });
export type LanNearSignalEmit = z.infer<typeof LanNearSignalEmit>;
export const LanNearChallengeRequest = z.object({ withPeerId: LanPeerId });
export type LanNearChallengeRequest = z.infer<typeof LanNearChallengeRequest>;
/** The other peer hands back what it was given over the channel, naming the peer that gave it. */
export const LanNearAnswer = z.object({
  issuerPeerId: LanPeerId,
  challengeId: text().min(1).max(64),
  nonce: text().min(1).max(128),
  expiresAt: z.number().int(),
});
export type LanNearAnswer = z.infer<typeof LanNearAnswer>;

/**
 * `clipId` is the id the client reached the clip by (its own id for the owner, the link's id for anyone
 * else); every live payload of that channel names it so. `grant` (from POST /clipboard/{id}/open) is needed
 * to follow a clip with a view limit or a password.
 */
export const ClipChannelPayload = z.object({ clipId: ResourceId, grant: text().max(512).optional() });
export type ClipChannelPayload = z.infer<typeof ClipChannelPayload>;

/** Every client emit may take an acknowledgement: `{ ok: true }` or `{ ok: false, error, code }`. */
export type SocketAck = (
  result: { ok: true } | { ok: false; error: string; code: ErrorCode; current?: EditConflictCurrent },
) => void;

/** `room:join` / `room:leave`: members only; anyone else gets an error ack and is not joined. */
export const RoomChannelPayload = z.object({ roomId: ResourceId });
export type RoomChannelPayload = z.infer<typeof RoomChannelPayload>;

/**
 * `room:link:watch` / `room:link:unwatch`: a signed-out visitor holding a room's link (the sign-in page it
 * leads to) hears only that room's takedown, as a shared desktop's viewer does. Joined only for a link that
 * still works; any other gets the same refusal the link's preview gives.
 */
export const RoomLinkChannelPayload = RoomLinkPreviewRequest;
export type RoomLinkChannelPayload = z.infer<typeof RoomLinkChannelPayload>;

/**
 * `join:desktop:network`: listen to a desktop's changes. Allowed to its owner's sockets, to devices on the
 * network of a LAN desktop, and with `desktopId` (its share token) to whoever holds the link.
 */
export const DesktopChannelPayload = z.object({
  networkId: text().max(64),
  desktopId: DesktopShareToken.optional(),
});
export type DesktopChannelPayload = z.infer<typeof DesktopChannelPayload>;

/**
 * The desktop's client emits. The server never relays what a client says a block is: `created` and `deleted`
 * make it announce the stored state of that block to the desktop's other views, `updated` saves the layout
 * (as `PATCH /virtual-desktop/items/{id}` would) and then announces it.
 */
export const DesktopItemCreatedEmit = z.object({
  networkId: text().max(64),
  type: z.enum(['text', 'file']).optional(),
  item: z.object({ id: ResourceId }).loose(),
});
export type DesktopItemCreatedEmit = z.infer<typeof DesktopItemCreatedEmit>;
export const DesktopItemUpdatedEmit = z.object({
  networkId: text().max(64),
  itemId: ResourceId,
  updates: z
    .object({ position: DesktopPosition.optional(), size: DesktopSize.optional() })
    .refine((updates) => updates.position !== undefined || updates.size !== undefined, 'Nothing to update'),
});
export type DesktopItemUpdatedEmit = z.infer<typeof DesktopItemUpdatedEmit>;
export const DesktopItemDeletedEmit = z.object({ networkId: text().max(64), itemId: ResourceId });
export type DesktopItemDeletedEmit = z.infer<typeof DesktopItemDeletedEmit>;

export interface ClientToServerEvents {
  'lan:host:announce': (payload: LanHostAnnounce, ack?: SocketAck) => void;
  'lan:host:update': (payload: LanHostUpdate, ack?: SocketAck) => void;
  'lan:host:stop': (payload?: unknown, ack?: SocketAck) => void;
  'lan:discover:request_peers': (payload?: unknown, ack?: SocketAck) => void;
  'lan:peer:connect': (payload: LanPeerConnect, ack?: SocketAck) => void;
  'lan:near:signal': (payload: LanNearSignalEmit, ack?: SocketAck) => void;
  'lan:near:challenge': (payload: LanNearChallengeRequest, ack?: SocketAck) => void;
  'lan:near:answer': (payload: LanNearAnswer, ack?: SocketAck) => void;
  'join:desktop:network': (payload: DesktopChannelPayload, ack?: SocketAck) => void;
  'leave:desktop:network': (payload: DesktopChannelPayload, ack?: SocketAck) => void;
  'desktop:item:created': (payload: DesktopItemCreatedEmit, ack?: SocketAck) => void;
  'desktop:item:updated': (payload: DesktopItemUpdatedEmit, ack?: SocketAck) => void;
  'desktop:item:deleted': (payload: DesktopItemDeletedEmit, ack?: SocketAck) => void;
  'room:join': (payload: RoomChannelPayload, ack?: SocketAck) => void;
  'room:leave': (payload: RoomChannelPayload, ack?: SocketAck) => void;
  'room:link:watch': (payload: RoomLinkChannelPayload, ack?: SocketAck) => void;
  'room:link:unwatch': (payload: RoomLinkChannelPayload, ack?: SocketAck) => void;
  'clip:join': (payload: ClipChannelPayload, ack?: SocketAck) => void;
  'clip:leave': (payload: ClipChannelPayload, ack?: SocketAck) => void;
  'clip-content-update': (payload: ClipContentUpdatedPayload, ack?: SocketAck) => void;
  'clip-files-update': (payload: ClipFilesUpdatedPayload, ack?: SocketAck) => void;
  'device:send-ack': (payload: DeviceSendAck, ack?: SocketAck) => void;
  /** For another device of the same account only; relayed as is, refused otherwise (decision 030). */
  'near:signal': (payload: NearSignalEmit, ack?: SocketAck) => void;
}

/**
 * The payload schema of each client emit (null: it carries nothing read), so that what walks every input
 * (api/input-strings.test.ts) sees every event: a new event in ClientToServerEvents must be added here.
 */
export const CLIENT_EVENT_PAYLOADS = {
  'lan:host:announce': LanHostAnnounce,
  'lan:host:update': LanHostUpdate,
  'lan:host:stop': null,
  'lan:discover:request_peers': null,
  'lan:peer:connect': LanPeerConnect,
  'lan:near:signal': LanNearSignalEmit,
  'lan:near:challenge': LanNearChallengeRequest,
  'lan:near:answer': LanNearAnswer,
  'join:desktop:network': DesktopChannelPayload,
  'leave:desktop:network': DesktopChannelPayload,
  'desktop:item:created': DesktopItemCreatedEmit,
  'desktop:item:updated': DesktopItemUpdatedEmit,
  'desktop:item:deleted': DesktopItemDeletedEmit,
  'room:join': RoomChannelPayload,
  'room:leave': RoomChannelPayload,
  'room:link:watch': RoomLinkChannelPayload,
  'room:link:unwatch': RoomLinkChannelPayload,
  'clip:join': ClipChannelPayload,
  'clip:leave': ClipChannelPayload,
  'clip-content-update': ClipContentUpdatedPayload,
  'clip-files-update': ClipFilesUpdatedPayload,
  'device:send-ack': DeviceSendAck,
  'near:signal': NearSignalEmit,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType | null>;
