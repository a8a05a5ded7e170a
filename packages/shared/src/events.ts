import { z } from 'zod';
import type { ErrorCode } from './errors';
import { FILE_NAME_MAX, FILE_TYPE_MAX, FILES_PER_CLIP_BOUND } from './limits';
import { ClipContent, ResourceId } from './schemas/clips';
import { RoomActivityType } from './schemas/rooms';

/**
 * Socket.IO event maps (SPEC §7 names, ARCHITECTURE §5). Payload schemas live here so the server can
 * parse every client emit and the web client gets the same types. Areas add their events as they land.
 */
export const ClipFileSummary = z.object({
  name: z.string().max(FILE_NAME_MAX),
  size: z.number().int().nonnegative(),
  type: z.string().max(FILE_TYPE_MAX),
  // A name percent-encodes to at most 9 characters per code unit, behind a short fixed prefix.
  url: z.string().max(FILE_NAME_MAX * 9 + 64),
});
export type ClipFileSummary = z.infer<typeof ClipFileSummary>;

/** The same id and content rules as the HTTP routes: a socket is no looser than `PUT /clipboard/{id}`. */
export const ClipContentUpdatedPayload = z.object({ clipId: ResourceId, content: ClipContent });
export type ClipContentUpdatedPayload = z.infer<typeof ClipContentUpdatedPayload>;

/** SPEC keeps `files` in the owner's emit; it is bounded here and never trusted (viewers get the stored list). */
export const ClipFilesUpdatedPayload = z.object({
  clipId: ResourceId,
  files: z.array(ClipFileSummary).max(FILES_PER_CLIP_BOUND),
});
export type ClipFilesUpdatedPayload = z.infer<typeof ClipFilesUpdatedPayload>;

/** SPEC §3 realtime clip model: sent to the owner's other devices. */
export const ClipUpdatePayload = z.object({
  clipId: z.string(),
  content: z.string(),
  files: z.array(ClipFileSummary),
});
export type ClipUpdatePayload = z.infer<typeof ClipUpdatePayload>;

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

export interface ServerToClientEvents {
  'room:changed': (payload: RoomChangedPayload) => void;
  'room:closed': (payload: RoomClosedPayload) => void;
  'clip-update': (payload: ClipUpdatePayload) => void;
  'clip-deleted': (payload: ClipDeletedPayload) => void;
  'clip-content-updated': (payload: ClipContentUpdatedPayload) => void;
  'clip-files-updated': (payload: ClipFilesUpdatedPayload) => void;
}

export const ClipChannelPayload = z.object({ clipId: ResourceId });
export type ClipChannelPayload = z.infer<typeof ClipChannelPayload>;

/** Every client emit may take an acknowledgement: `{ ok: true }` or `{ ok: false, error, code }`. */
export type SocketAck = (result: { ok: true } | { ok: false; error: string; code: ErrorCode }) => void;

/** `room:join` / `room:leave`: members only; anyone else gets an error ack and is not joined. */
export const RoomChannelPayload = z.object({ roomId: ResourceId });
export type RoomChannelPayload = z.infer<typeof RoomChannelPayload>;

export interface ClientToServerEvents {
  'room:join': (payload: RoomChannelPayload, ack?: SocketAck) => void;
  'room:leave': (payload: RoomChannelPayload, ack?: SocketAck) => void;
  'clip:join': (payload: ClipChannelPayload, ack?: SocketAck) => void;
  'clip:leave': (payload: ClipChannelPayload, ack?: SocketAck) => void;
  'clip-content-update': (payload: ClipContentUpdatedPayload, ack?: SocketAck) => void;
  'clip-files-update': (payload: ClipFilesUpdatedPayload, ack?: SocketAck) => void;
}

/** The socket handshake: `auth: { token }`, optional for the features signed-out visitors may use. */
export const SocketHandshakeAuth = z.object({ token: z.string().min(1).max(4096).optional() });
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuth>;

/** Channel names, built in one place so server and tests agree. */
export const channels = {
  clip: (clipId: string) => `clip:${clipId}`,
  room: (roomId: string) => `room:${roomId}`,
  desktop: (desktopId: string) => `desktop:${desktopId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;
