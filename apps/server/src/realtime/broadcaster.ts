import { channels, TAKEN_DOWN_MESSAGE } from '@clipsync/shared';
import type { DomainEventMap, DomainEvents } from '../lib/domain-events';
import type { RealtimeServer } from './types';

/**
 * A clip's channels, each named by the id its sockets joined with: the clip's own (its owner, and others
 * while the link is the clip's own id) and, once renewed, its link's.
 */
function clipChannelIds(clipId: string, shareId: string | null | undefined): string[] {
  return shareId && shareId !== clipId ? [clipId, shareId] : [clipId];
}

/**
 * What the owner's devices are told of a clip. `encrypted` is told for an encrypted clip only, so that a
 * device without its key never takes the envelope for text; a plain clip's payload stays as it always was.
 */
function toOwnerUpdate({ clipId, content, version, files, encrypted }: DomainEventMap['clip.content-saved']) {
  return { clipId, content, version, files, ...(encrypted ? { encrypted: true } : {}) };
}

/** The one place domain events become socket messages: which channel hears what (docs/ARCHITECTURE.md#principles). */
export function startBroadcaster(io: RealtimeServer, events: DomainEvents): () => void {
  const unsubscribers = [
    events.on('clip.created', (event) => {
      io.to(channels.userClips(event.ownerId)).emit('clip-created', {
        ...toOwnerUpdate(event),
        createdAt: event.createdAt,
      });
    }),
    events.on('clip.content-saved', (event) => {
      const { content, version } = event;
      for (const id of clipChannelIds(event.clipId, event.shareId)) {
        io.to(channels.clip(id)).emit('clip-content-updated', { clipId: id, content, version });
      }
      io.to(channels.userClips(event.ownerId)).emit('clip-update', toOwnerUpdate(event));
    }),
    events.on('clip.files-changed', (event) => {
      for (const id of clipChannelIds(event.clipId, event.shareId)) {
        io.to(channels.clip(id)).emit('clip-files-updated', { clipId: id, files: event.files });
      }
      io.to(channels.userClips(event.ownerId)).emit('clip-update', toOwnerUpdate(event));
    }),
    events.on('clip.deleted', ({ clipId, shareId }) => {
      for (const id of clipChannelIds(clipId, shareId)) {
        io.to(channels.clip(id)).emit('clip-deleted', { clipId: id });
        // Nothing more will be said on this channel; its viewers stop holding a place in it.
        io.in(channels.clip(id)).socketsLeave(channels.clip(id));
      }
    }),
    events.on('clip.share-revoked', ({ shareId, ownerId }) => {
      // The link's channel may be the clip's own (a link never renewed): the owner's sockets stay in it.
      const others = io.to(channels.clip(shareId)).except(channels.user(ownerId));
      others.emit('clip-deleted', { clipId: shareId });
      io.in(channels.clip(shareId)).except(channels.user(ownerId)).socketsLeave(channels.clip(shareId));
    }),
    events.on('item.taken-down', ({ kind, itemId, ownerId, channelIds }) => {
      const message = TAKEN_DOWN_MESSAGE;
      if (kind === 'clip') {
        for (const id of channelIds) {
          io.to(channels.clip(id)).except(channels.user(ownerId)).emit('item:taken-down', { kind, id, message });
          io.in(channels.clip(id)).except(channels.user(ownerId)).socketsLeave(channels.clip(id));
        }
      } else if (kind === 'desktop') {
        io.to(channels.desktopShared(itemId)).emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.desktopShared(itemId)).socketsLeave([channels.desktop(itemId), channels.desktopShared(itemId)]);
      } else {
        io.to(channels.room(itemId))
          .except(channels.user(ownerId))
          .emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.room(itemId)).except(channels.user(ownerId)).socketsLeave(channels.room(itemId));
        // Signed-out visitors holding one of its links: the sign-in page they wait on says so at once.
        io.to(channels.roomLink(itemId)).emit('item:taken-down', { kind, id: itemId, message });
        io.in(channels.roomLink(itemId)).socketsLeave(channels.roomLink(itemId));
      }
    }),
    events.on('room.changed', ({ roomId, type, actorId, contentId }) => {
      io.to(channels.room(roomId)).emit('room:changed', { roomId, type, actorId, ...(contentId ? { contentId } : {}) });
    }),
    events.on('room.member-gone', ({ roomId, userId, reason }) => {
      // Membership ends now: every device of the user stops hearing the room before anything else is said.
      io.in(channels.user(userId)).socketsLeave(channels.room(roomId));
      io.to(channels.user(userId)).emit('room:closed', { roomId, reason });
    }),
    events.on('room.deleted', ({ roomId, actorId, memberIds }) => {
      io.to(channels.room(roomId)).emit('room:changed', { roomId, type: 'room_deleted', actorId });
      io.in(channels.room(roomId)).socketsLeave(channels.room(roomId));
      if (memberIds.length > 0) io.to(memberIds.map(channels.user)).emit('room:closed', { roomId, reason: 'deleted' });
    }),
    events.on('desktop.item-added', ({ desktopId, item }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:new', { networkId: desktopId, item });
    }),
    events.on('desktop.item-changed', ({ desktopId, item }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:modified', { networkId: desktopId, itemId: item.id, item });
    }),
    events.on('desktop.item-removed', ({ desktopId, itemId }) => {
      io.to(channels.desktop(desktopId)).emit('desktop:item:removed', { networkId: desktopId, itemId });
    }),
    events.on('desktop.share-revoked', ({ desktopId }) => {
      // Told before they leave: the open pages of the old link say so at once instead of going quiet.
      io.to(channels.desktopShared(desktopId)).emit('desktop:share:revoked', { networkId: desktopId });
      io.in(channels.desktopShared(desktopId)).socketsLeave([
        channels.desktop(desktopId),
        channels.desktopShared(desktopId),
      ]);
    }),
    events.on('device.send-due', ({ sessionId, send }) => {
      io.to(channels.session(sessionId)).emit('device:send', send);
    }),
    events.on('device.presence', ({ userId, deviceId, online, lastSeenAt }) => {
      io.to(channels.user(userId)).emit('device:presence', { deviceId, online, lastSeenAt });
    }),
    events.on('device.near', ({ userId, deviceIds, nearUntil }) => {
      io.to(channels.user(userId)).emit('device:near', { deviceIds, nearUntil });
    }),
    events.on('session.revoked', ({ sessionId, reason }) => {
      // Told before the close (which waits for it to be written), so every open tab says why it signs out.
      if (reason === 'account_disabled') io.to(channels.session(sessionId)).emit('account:disabled');
      io.in(channels.session(sessionId)).disconnectSockets(true);
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
