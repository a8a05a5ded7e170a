import { RoomChannelPayload, RoomLinkChannelPayload, channels } from '@clipsync/shared';
import { limitKeyOf } from '../../lib/address-limit-key';
import { AppError } from '../../lib/app-error';
import { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import { findRoomOfLink } from './room-link-preview.service';
import type { RoomsContext } from './rooms.context';
import * as roomsService from './rooms.service';

/**
 * Room live updates: a member's socket joins the room's channel; anyone else (signed
 * out, outsider, removed member) gets an error ack and is not joined. Removal and deletion make sockets
 * leave the channel (rooms.broadcasts.ts), so membership is re-checked by the server, not trusted.
 *
 * A signed-out visitor holding a room's link (the sign-in page it leads to) may watch that link instead:
 * its socket joins the room's link channel, which hears the room's takedown only, as a shared desktop's
 * viewer hears its own. A link that does not work joins nothing and is refused as its preview is; the ack
 * tells a working token from a wrong one, so watches are limited per address as previews are.
 */
export function registerRoomSocketHandlers(socket: RealtimeSocket, ctx: RoomsContext): void {
  /** The room each watched link led to when it was watched: unwatching leaves that room's channel. */
  const watched = new Map<string, string>();
  const linkKey = ({ kind, token }: RoomLinkChannelPayload) => `${kind}:${token}`;

  socket.on(
    'room:join',
    handleEvent(RoomChannelPayload, async ({ roomId }) => {
      await roomsService.assertMayListen(ctx, socket.data.actor, roomId);
      await socket.join(channels.room(roomId));
    }),
  );
  socket.on(
    'room:leave',
    handleEvent(RoomChannelPayload, async ({ roomId }) => {
      await socket.leave(channels.room(roomId));
    }),
  );
  socket.on(
    'room:link:watch',
    handleEvent(RoomLinkChannelPayload, async (link) => {
      const wait = await ctx.linkWatchLimiter.hit(`room-link-watch:${limitKeyOf(socket.data.address)}`);
      if (wait > 0) throw new AppError('RATE_LIMITED', `Too many requests. Please try again in ${wait} seconds.`);
      const room = await findRoomOfLink(ctx, link);
      await socket.join(channels.roomLink(room.id));
      watched.set(linkKey(link), room.id);
    }),
  );
  socket.on(
    'room:link:unwatch',
    handleEvent(RoomLinkChannelPayload, async (link) => {
      const roomId = watched.get(linkKey(link));
      if (roomId === undefined) return;
      watched.delete(linkKey(link));
      // Another link of the same room may still be watched on this socket: it keeps the channel.
      if (![...watched.values()].includes(roomId)) await socket.leave(channels.roomLink(roomId));
    }),
  );
}
