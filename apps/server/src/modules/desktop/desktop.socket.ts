import {
  DesktopChannelPayload,
  DesktopItemCreatedEmit,
  DesktopItemDeletedEmit,
  DesktopItemUpdatedEmit,
  channels,
} from '@clipsync/shared';
import { AppError } from '../../lib/app-error';
import type { SocketGuards } from '../../realtime/socket-server';
import { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import { DESKTOP_NOT_FOUND, reachDesktopChannel } from './desktop-access';
import type { DesktopsContext } from './desktop.context';
import * as desktopService from './desktop.service';

/**
 * Desktop live updates. A view joins its desktop's channel and hears every change made anywhere (the area's
 * broadcasts turn each committed change into `desktop:item:*`, desktop.broadcasts.ts). The client's own emits
 * are not relayed as sent: `updated` saves the layout as the PATCH would, `created` and `deleted` announce the
 * stored truth.
 */
export function registerDesktopSocketHandlers(
  socket: RealtimeSocket,
  ctx: DesktopsContext,
  { guardWrite }: SocketGuards,
): void {
  /** The share token each desktop was joined with, so writes are checked the way the join was. */
  const joined = new Map<string, string | undefined>();
  const caller = () => ({ actor: socket.data.actor, networkAddress: socket.data.networkAddress });
  // SPEC's payloads name the desktop's id `networkId` and a share token `desktopId`; read here as what they are.
  const reachJoined = async (desktopId: string) => {
    if (!joined.has(desktopId)) throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
    if (socket.data.actor) await guardWrite(socket);
    return reachDesktopChannel(ctx, caller(), { networkId: desktopId, desktopId: joined.get(desktopId) });
  };

  socket.on(
    'join:desktop:network',
    handleEvent(DesktopChannelPayload, async (payload) => {
      const { desktop } = await reachDesktopChannel(ctx, caller(), payload);
      const rooms = [channels.desktop(desktop.id)];
      if (payload.desktopId !== undefined) rooms.push(channels.desktopShared(desktop.id));
      await socket.join(rooms);
      joined.set(desktop.id, payload.desktopId);
    }),
  );
  socket.on(
    'leave:desktop:network',
    handleEvent(DesktopChannelPayload, async ({ networkId: desktopId }) => {
      joined.delete(desktopId);
      await socket.leave(channels.desktop(desktopId));
      await socket.leave(channels.desktopShared(desktopId));
    }),
  );
  socket.on(
    'desktop:item:updated',
    handleEvent(DesktopItemUpdatedEmit, async ({ networkId: desktopId, itemId, updates }) => {
      const resolved = await reachJoined(desktopId);
      await desktopService.moveItemOnJoinedDesktop(ctx, caller(), resolved, itemId, updates);
    }),
  );
  socket.on(
    'desktop:item:created',
    handleEvent(DesktopItemCreatedEmit, async ({ networkId: desktopId, item }) => {
      const resolved = await reachJoined(desktopId);
      const stored = await desktopService.findStoredItem(ctx, resolved, item.id);
      socket.to(channels.desktop(desktopId)).emit('desktop:item:new', { networkId: desktopId, item: stored });
    }),
  );
  socket.on(
    'desktop:item:deleted',
    handleEvent(DesktopItemDeletedEmit, async ({ networkId: desktopId, itemId }) => {
      const resolved = await reachJoined(desktopId);
      await desktopService.deleteItemOnJoinedDesktop(ctx, caller(), resolved, itemId, { whenGone: 'announce' });
    }),
  );
}
