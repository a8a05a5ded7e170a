import { RoomChannelPayload, channels } from '@clipsync/shared';
import { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import type { RoomsContext } from './rooms.context';
import * as roomsService from './rooms.service';

/**
 * Room live updates: a member's socket joins the room's channel; anyone else (signed
 * out, outsider, removed member) gets an error ack and is not joined. Removal and deletion make sockets
 * leave the channel (realtime/broadcaster.ts), so membership is re-checked by the server, not trusted.
 */
export function registerRoomSocketHandlers(socket: RealtimeSocket, ctx: RoomsContext): void {
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
}
