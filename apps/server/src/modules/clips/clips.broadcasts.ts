import { channels } from '@clipsync/shared';
import type { RealtimeServer } from '../../realtime/types';
import type { Broadcasts } from '../define-module';
import type { ClipSaved } from './clips.events';

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
function toOwnerUpdate({ clipId, content, version, files, encrypted, wrappedKey }: ClipSaved) {
  return {
    clipId,
    content,
    version,
    files,
    ...(encrypted ? { encrypted: true } : {}),
    ...(wrappedKey ? { wrappedKey } : {}),
  };
}

/** A clip's viewers follow it on its channels; its owner's devices follow all their clips on the user's. */
export function clipBroadcasts(io: RealtimeServer): Broadcasts {
  return {
    'clip.created': (event) => {
      io.to(channels.userClips(event.ownerId)).emit('clip-created', {
        ...toOwnerUpdate(event),
        createdAt: event.createdAt,
      });
    },
    'clip.content-saved': (event) => {
      const { content, version } = event;
      for (const id of clipChannelIds(event.clipId, event.shareId)) {
        io.to(channels.clip(id)).emit('clip-content-updated', { clipId: id, content, version });
      }
      io.to(channels.userClips(event.ownerId)).emit('clip-update', toOwnerUpdate(event));
    },
    'clip.files-changed': (event) => {
      for (const id of clipChannelIds(event.clipId, event.shareId)) {
        io.to(channels.clip(id)).emit('clip-files-updated', { clipId: id, files: event.files });
      }
      io.to(channels.userClips(event.ownerId)).emit('clip-update', toOwnerUpdate(event));
    },
    'clip.deleted': ({ clipId, shareId }) => {
      for (const id of clipChannelIds(clipId, shareId)) {
        io.to(channels.clip(id)).emit('clip-deleted', { clipId: id });
        // Nothing more will be said on this channel; its viewers stop holding a place in it.
        io.in(channels.clip(id)).socketsLeave(channels.clip(id));
      }
    },
    'clip.share-revoked': ({ shareId, ownerId }) => {
      // The link's channel may be the clip's own (a link never renewed): the owner's sockets stay in it.
      const others = io.to(channels.clip(shareId)).except(channels.user(ownerId));
      others.emit('clip-deleted', { clipId: shareId });
      io.in(channels.clip(shareId)).except(channels.user(ownerId)).socketsLeave(channels.clip(shareId));
    },
  };
}
