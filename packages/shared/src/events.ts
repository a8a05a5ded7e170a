import { z } from 'zod';
import { ResourceId } from './schemas/clips';
import { ClipFileSummary, type ClipContentUpdatedPayload, type ClipFilesUpdatedPayload } from './schemas/client-events';
import { DesktopItem, LanDesktopData, LanPeer } from './schemas/desktop';
import { NearProof, NearSignalData, type NearSignalPayload } from './schemas/nearness';
import { RoomActivityType } from './schemas/rooms';

/**
 * Socket.IO event maps (docs/api.md#socket-events): what the server sends lives here; what a client emits,
 * and the schema the server parses it with, in schemas/client-events.ts (re-exported below). The web client
 * and the CLI get the same types. Areas add their events as they land.
 *
 * A new event is named `area:event`, lower case, colon between segments and hyphen between the words of one
 * (`device:presence`, `device:send-ack`, `lan:near:proved`): most events already read so. A few older ones
 * do not (`clip-update`, `lan:peer:desktop_data`, …); they keep their names, since installed apps and CLIs
 * speak them (event-names.test.ts lists them).
 */
export * from './schemas/client-events';

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
  /** On a clip the owner's end-to-end encrypted clipboard sealed: its key, wrapped by the account's sealing key. */
  wrappedKey: z.string().optional(),
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
 * An operator took the item this view shows down: the view shows `message` (TAKEN_DOWN_MESSAGE) instead.
 * `id` is the id the view joined with (a clip's link id, a desktop's id, a room's id).
 */
export const ItemTakenDownPayload = z.object({
  kind: z.enum(['clip', 'desktop', 'room']),
  id: z.string(),
  message: z.string(),
});
export type ItemTakenDownPayload = z.infer<typeof ItemTakenDownPayload>;

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
  /** A sealed account's text send: `text` is an envelope, its clip key this, wrapped by the account's sealing key. */
  wrappedKey: z.string().optional(),
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

/** A LAN peer's socket connects with `query.type` lan_host or lan_discover. */
export const LanPeerType = z.enum(['lan_host', 'lan_discover']);
export type LanPeerType = z.infer<typeof LanPeerType>;
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
export const LanNearSignalPayload = z.object({ fromPeerId: z.string(), data: NearSignalData });
export type LanNearSignalPayload = z.infer<typeof LanNearSignalPayload>;
/** The challenge for the pair, to the initiator only: `expiresAt` in ms since the epoch, 60 s ahead. */
export const LanNearChallenge = z.object({
  withPeerId: z.string(),
  challengeId: z.string(),
  nonce: z.string(),
  expiresAt: z.number().int(),
});
export type LanNearChallenge = z.infer<typeof LanNearChallenge>;

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
  'item:taken-down': (payload: ItemTakenDownPayload) => void;
  /** An admin disabled the account: sent to each of its sessions' sockets just before they are closed. */
  'account:disabled': () => void;
}

/** The socket handshake: `auth: { token }`, optional for the features signed-out visitors may use. */
export const SocketHandshakeAuth = z.object({ token: z.string().min(1).max(4096).optional() });
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuth>;

/** Channel names, built in one place so server and tests agree. */
export const channels = {
  clip: (clipId: string) => `clip:${clipId}`,
  room: (roomId: string) => `room:${roomId}`,
  /** Signed-out sockets holding one of a room's links: they hear its takedown, nothing else. */
  roomLink: (roomId: string) => `room-link:${roomId}`,
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
