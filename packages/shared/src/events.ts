import { z } from 'zod';
import type { EditConflictCurrent, ErrorCode } from './errors';
import { FILE_NAME_MAX, FILE_TYPE_MAX, FILES_PER_CLIP_BOUND } from './limits';
import { ClipContent, EditVersion, ResourceId } from './schemas/clips';
import {
  DesktopItem,
  DesktopPosition,
  DesktopShareToken,
  DesktopSize,
  LanDesktopData,
  LanPeer,
} from './schemas/desktop';
import { NearProof, NearSignalData, NearSignalEmit, type NearSignalPayload } from './schemas/nearness';
import { RoomActivityType } from './schemas/rooms';
import { text } from './schemas/text';

/**
 * Socket.IO event maps (docs/api.md#socket-events). Payload schemas live here so the server can
 * parse every client emit and the web client gets the same types. Areas add their events as they land.
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

/** A saved clip as `clip-update` sends it to the owner's other devices. */
export const ClipUpdatePayload = z.object({
  clipId: z.string(),
  content: z.string(),
  version: z.number().int(),
  files: z.array(ClipFileSummary),
  /**
   * `true` on an end-to-end encrypted clip only (absent otherwise): `content` is its envelope and its files
   * are sealed, so a device without the link's key (`clipsync watch`) must not take them for text or images.
   */
  encrypted: z.boolean().optional(),
});
export type ClipUpdatePayload = z.infer<typeof ClipUpdatePayload>;

/**
 * A clip the owner just made, sent to their devices that may read clips: a device following the newest clip
 * (the CLI's `watch`) hears it without asking. An empty draft is told too; what to do with it is theirs.
 */
export const ClipCreatedPayload = ClipUpdatePayload.extend({ createdAt: z.string() });
export type ClipCreatedPayload = z.infer<typeof ClipCreatedPayload>;

/** The clip was deleted by its owner: its viewers are told, and its channel falls silent. */
export const ClipDeletedPayload = z.object({ clipId: z.string() });
export type ClipDeletedPayload = z.infer<typeof ClipDeletedPayload>;

/**
 * Something changed in a room the socket joined (`type` is the activity type written with it): members
 * refetch what it concerns. `actorId` lets a client skip refetching its own change if it wants.
 */
export const RoomChangedPayload = z.object({
  roomId: z.string(),
  type: RoomActivityType,
  actorId: z.string(),
  contentId: z.string().optional(),
});
export type RoomChangedPayload = z.infer<typeof RoomChangedPayload>;

/**
 * Sent on the user's own channel to every device of a member who lost a room: removed by the owner, left
 * it (from another device), or the room was deleted. Their sockets have already left the room's channel.
 */
export const RoomClosedPayload = z.object({ roomId: z.string(), reason: z.enum(['removed', 'left', 'deleted']) });
export type RoomClosedPayload = z.infer<typeof RoomClosedPayload>;

/** A block appeared on, moved on or left a desktop; sent to every open view of it. */
export const DesktopItemNewPayload = z.object({ networkId: z.string(), item: DesktopItem });
export type DesktopItemNewPayload = z.infer<typeof DesktopItemNewPayload>;
export const DesktopItemModifiedPayload = z.object({ networkId: z.string(), itemId: z.string(), item: DesktopItem });
export type DesktopItemModifiedPayload = z.infer<typeof DesktopItemModifiedPayload>;
export const DesktopItemRemovedPayload = z.object({ networkId: z.string(), itemId: z.string() });
export type DesktopItemRemovedPayload = z.infer<typeof DesktopItemRemovedPayload>;
/** The link a view was opened with stopped working (rotated or revoked): the view shows nothing more. */
export const DesktopShareRevokedPayload = z.object({ networkId: z.string() });
export type DesktopShareRevokedPayload = z.infer<typeof DesktopShareRevokedPayload>;

/**
 * Sent on the user's own channel when one of their devices comes online (its first socket opens) or goes
 * offline (its last socket closed, or was lost: within DEVICE_OFFLINE_WITHIN_MS).
 */
export const DevicePresencePayload = z.object({ deviceId: ResourceId, online: z.boolean(), lastSeenAt: z.string() });
export type DevicePresencePayload = z.infer<typeof DevicePresencePayload>;

/**
 * Sent on the user's own channel when two of their devices proved they are near (decision 030), whichever
 * of the two posted the proof: the device showing a QR code learns the other scanned it.
 */
export const DeviceNearPayload = NearProof;
export type DeviceNearPayload = NearProof;

/**
 * `device:send`, to the sockets of the one device a send is for (its session's channel): text, or a clip
 * (its text and its files as links). The same `id` may come again (not acknowledged within 30 s, or on the
 * next connect): the device acts on an id once and acknowledges every time with `device:send-ack`.
 */
export const DeviceSendPayload = z.object({
  id: ResourceId,
  /** The sending device; `deviceId` null when the sender is no device (a token made by hand) or was removed since. */
  from: z.object({ deviceId: ResourceId.nullable(), name: z.string() }),
  sentAt: z.string(),
  text: z.string().optional(),
  clip: z
    .object({
      id: ResourceId,
      content: z.string(),
      /** End-to-end encrypted: `content` is an envelope only a device holding the key can open. */
      encrypted: z.boolean(),
      files: z.array(ClipFileSummary),
    })
    .optional(),
});
export type DeviceSendPayload = z.infer<typeof DeviceSendPayload>;

/** `device:send-ack`: the device has it; the server stops sending it. Another device's or an unknown id is ignored. */
export const DeviceSendAck = z.object({ id: ResourceId });
export type DeviceSendAck = z.infer<typeof DeviceSendAck>;

/** A LAN peer's socket connects with `query.type` lan_host or lan_discover. */
export const LanPeerType = z.enum(['lan_host', 'lan_discover']);
export type LanPeerType = z.infer<typeof LanPeerType>;
/** A LAN device's name as peers see it ('Chrome on Linux · Otter'), chosen or renamed by its user. */
export const LanPeerName = text().trim().min(1).max(64);
export const LanHostAnnounce = z.object({ name: LanPeerName.optional(), desktop: LanDesktopData });
export type LanHostAnnounce = z.infer<typeof LanHostAnnounce>;
export const LanHostUpdate = z.object({ desktop: LanDesktopData });
export type LanHostUpdate = z.infer<typeof LanHostUpdate>;
export const LanPeerConnect = z.object({ peerId: text().min(1).max(64) });
export type LanPeerConnect = z.infer<typeof LanPeerConnect>;
/** `selfId` is the id the server gave this socket: peers never choose their own. */
export const LanPeersList = z.object({ selfId: z.string(), peers: z.array(LanPeer) });
export type LanPeersList = z.infer<typeof LanPeersList>;
export const LanPeerDesktopData = z.object({ peerId: z.string(), desktop: LanDesktopData });
export type LanPeerDesktopData = z.infer<typeof LanPeerDesktopData>;
/**
 * Nearness between two LAN peers (a guest's browser and a user's device, say), proved without accounts or
 * keys: the server gives the initiator a nonce for the pair, the initiator hands it to the other peer over a
 * host-only WebRTC data channel, and the other peer answers it over its own socket (decision 030).
 */
const LanPeerId = text().min(1).max(64);
export const LanNearSignalEmit = z.object({ toPeerId: LanPeerId, data: NearSignalData });
export type LanNearSignalEmit = z.infer<typeof LanNearSignalEmit>;
export const LanNearSignalPayload = z.object({ fromPeerId: z.string(), data: NearSignalData });
export type LanNearSignalPayload = z.infer<typeof LanNearSignalPayload>;
export const LanNearChallengeRequest = z.object({ withPeerId: LanPeerId });
export type LanNearChallengeRequest = z.infer<typeof LanNearChallengeRequest>;
/** The challenge for the pair, to the initiator only: `expiresAt` in ms since the epoch, 60 s ahead. */
export const LanNearChallenge = z.object({
  withPeerId: z.string(),
  challengeId: z.string(),
  nonce: z.string(),
  expiresAt: z.number().int(),
});
export type LanNearChallenge = z.infer<typeof LanNearChallenge>;
/** The other peer hands back what it was given over the channel, naming the peer that gave it. */
export const LanNearAnswer = z.object({
  issuerPeerId: LanPeerId,
  challengeId: text().min(1).max(64),
  nonce: text().min(1).max(128),
  expiresAt: z.number().int(),
});
export type LanNearAnswer = z.infer<typeof LanNearAnswer>;

export const LanErrorPayload = z.object({
  code: z.enum(['NOT_LOCAL_NETWORK', 'NOT_FOUND', 'VALIDATION_FAILED']),
  message: z.string(),
});
export type LanErrorPayload = z.infer<typeof LanErrorPayload>;

export interface ServerToClientEvents {
  'lan:peer:announce': (payload: { peer: LanPeer }) => void;
  'lan:peers:list': (payload: LanPeersList) => void;
  'lan:desktop:update': (payload: LanPeerDesktopData) => void;
  'lan:peer:disconnect': (payload: { peerId: string }) => void;
  /** The host stopped sharing (it stays connected): its viewers lose its desktop. */
  'lan:host:stopped': (payload: { peerId: string }) => void;
  'lan:peer:desktop_data': (payload: LanPeerDesktopData) => void;
  'lan:error': (payload: LanErrorPayload) => void;
  'lan:near:signal': (payload: LanNearSignalPayload) => void;
  'lan:near:challenge': (payload: LanNearChallenge) => void;
  /** This peer and `peerId` proved near each other: their lists now label each other verified. */
  'lan:near:proved': (payload: { peerId: string }) => void;
  'desktop:item:new': (payload: DesktopItemNewPayload) => void;
  'desktop:item:modified': (payload: DesktopItemModifiedPayload) => void;
  'desktop:item:removed': (payload: DesktopItemRemovedPayload) => void;
  'desktop:share:revoked': (payload: DesktopShareRevokedPayload) => void;
  'room:changed': (payload: RoomChangedPayload) => void;
  'room:closed': (payload: RoomClosedPayload) => void;
  'device:presence': (payload: DevicePresencePayload) => void;
  'device:near': (payload: DeviceNearPayload) => void;
  'device:send': (payload: DeviceSendPayload) => void;
  /** Another device of the account signals a WebRTC data channel to this one (an SDP or ICE candidate). */
  'near:signal': (payload: NearSignalPayload) => void;
  'clip-update': (payload: ClipUpdatePayload) => void;
  'clip-created': (payload: ClipCreatedPayload) => void;
  'clip-deleted': (payload: ClipDeletedPayload) => void;
  'clip-content-updated': (payload: ClipContentUpdatedPayload) => void;
  'clip-files-updated': (payload: ClipFilesUpdatedPayload) => void;
}

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
  'clip:join': ClipChannelPayload,
  'clip:leave': ClipChannelPayload,
  'clip-content-update': ClipContentUpdatedPayload,
  'clip-files-update': ClipFilesUpdatedPayload,
  'device:send-ack': DeviceSendAck,
  'near:signal': NearSignalEmit,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType | null>;

/** The socket handshake: `auth: { token }`, optional for the features signed-out visitors may use. */
export const SocketHandshakeAuth = z.object({ token: z.string().min(1).max(4096).optional() });
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuth>;

/** Channel names, built in one place so server and tests agree. */
export const channels = {
  clip: (clipId: string) => `clip:${clipId}`,
  room: (roomId: string) => `room:${roomId}`,
  desktop: (desktopId: string) => `desktop:${desktopId}`,
  /** The sockets that joined a desktop by its share token: they leave when the token is rotated or revoked. */
  desktopShared: (desktopId: string) => `desktop-shared:${desktopId}`,
  /** Every LAN peer of one network (by fingerprint), and the peers connected to one host. */
  lanNetwork: (fingerprint: string) => `lan:${fingerprint}`,
  lanHost: (peerId: string) => `lan-host:${peerId}`,
  /** The LAN sockets of one signed-in device: its proved-near devices on other networks reach it there. */
  lanDevice: (deviceId: string) => `lan-device:${deviceId}`,
  /** One LAN peer's socket: WebRTC signalling and nearness between peers reach it there. */
  lanPeer: (peerId: string) => `lan-peer:${peerId}`,
  user: (userId: string) => `user:${userId}`,
  /** The user's sockets that may read clips (sessions, and tokens with `clips:read`): they hear `clip-update` and `clip-created`. */
  userClips: (userId: string) => `user-clips:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;
