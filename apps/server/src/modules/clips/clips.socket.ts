import { ClipChannelPayload, ClipContentUpdatedPayload, ClipFilesUpdatedPayload, channels } from '@clipsync/shared';
import { handleEvent } from '../../realtime/socket-handler';
import type { SocketGuards } from '../../realtime/socket-server';
import type { RealtimeSocket } from '../../realtime/types';
import type { ClipsContext } from './clips.context';
import * as clipsService from './clips.service';

/**
 * Clip live updates over the socket: anyone who may read a clip joins its channel (a clip that needs
 * opening, only with the view grant its POST /open gave);
 * only the owner's authenticated socket may publish, and a publish goes through the same save path as
 * HTTP, so the broadcast always carries what was stored.
 */
export function registerClipSocketHandlers(
  socket: RealtimeSocket,
  ctx: ClipsContext,
  { guardWrite }: SocketGuards,
): void {
  socket.on(
    'clip:join',
    handleEvent(ClipChannelPayload, async ({ clipId, grant }) => {
      // The channel is named by the id the socket asked with: the owner's by the clip's id, anyone else's
      // by the link's (whose every payload names it so, and which is dropped when the link stops).
      await clipsService.reachClipToFollow(ctx, socket.data.actor, clipId, grant);
      await socket.join(channels.clip(clipId));
    }),
  );
  socket.on(
    'clip:leave',
    handleEvent(ClipChannelPayload, async ({ clipId }) => {
      await socket.leave(channels.clip(clipId));
    }),
  );
  socket.on(
    'clip-content-update',
    handleEvent(ClipContentUpdatedPayload, async ({ clipId, content, version }) => {
      await guardWrite(socket);
      await clipsService.updateClipContent(ctx, socket.data.actor, clipId, content, version);
    }),
  );
  // Files change over HTTP (upload/delete), which already broadcasts the stored list; this only lets the
  // owner ask for that broadcast again, never dictate a file list.
  socket.on(
    'clip-files-update',
    handleEvent(ClipFilesUpdatedPayload, async ({ clipId }) => {
      await guardWrite(socket);
      await clipsService.republishClipFiles(ctx, socket.data.actor, clipId);
    }),
  );
}
