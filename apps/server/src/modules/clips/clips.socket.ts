import {
  ClipChannelPayload,
  ClipContentUpdatedPayload,
  ClipFilesUpdatedPayload,
  channels,
  type SocketAck,
} from '@clipsync/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { SocketGuards } from '../../realtime/socket-server';
import type { RealtimeSocket } from '../../realtime/types';
import * as clipsService from './clips.service';

/**
 * Clip live updates over the socket (ARCHITECTURE §4): anyone who may read a clip joins its channel;
 * only the owner's authenticated socket may publish, and a publish goes through the same save path as
 * HTTP, so the broadcast always carries what was stored.
 */
export function registerClipSocketHandlers(
  socket: RealtimeSocket,
  ctx: clipsService.ClipsContext,
  { guardWrite }: SocketGuards,
): void {
  const handle =
    <S extends z.ZodType>(schema: S, run: (payload: z.infer<S>) => Promise<void>) =>
    async (payload: unknown, ack?: SocketAck) => {
      const respond = typeof ack === 'function' ? ack : () => undefined;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return respond({ ok: false, error: 'Invalid payload', code: 'VALIDATION_FAILED' });
      try {
        await run(parsed.data);
        respond({ ok: true });
      } catch (error) {
        const appError = error instanceof AppError ? error : new AppError('INTERNAL');
        respond({ ok: false, error: appError.message, code: appError.code });
      }
    };

  socket.on(
    'clip:join',
    handle(ClipChannelPayload, async ({ clipId }) => {
      await clipsService.getClip(ctx, socket.data.actor, clipId);
      await socket.join(channels.clip(clipId));
    }),
  );
  socket.on(
    'clip:leave',
    handle(ClipChannelPayload, async ({ clipId }) => {
      await socket.leave(channels.clip(clipId));
    }),
  );
  socket.on(
    'clip-content-update',
    handle(ClipContentUpdatedPayload, async ({ clipId, content }) => {
      await guardWrite(socket);
      await clipsService.updateClipContent(ctx, socket.data.actor, clipId, content);
    }),
  );
  // Files change over HTTP (upload/delete), which already broadcasts the stored list; this only lets the
  // owner ask for that broadcast again, never dictate a file list.
  socket.on(
    'clip-files-update',
    handle(ClipFilesUpdatedPayload, async ({ clipId }) => {
      await guardWrite(socket);
      await clipsService.republishClipFiles(ctx, socket.data.actor, clipId);
    }),
  );
}
