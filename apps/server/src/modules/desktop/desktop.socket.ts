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
 * Desktop live updates. A view joins its desktop's channel and hears every change made anywhere (the
 * area's broadcasts turn each committed change into `desktop:item:*`, desktop.broadcasts.ts). The client's own emits are not relayed
 * as sent: `updated` saves the layout as the PATCH would, `created` and `deleted` announce the stored truth.
 */
export function registerDesktopSocketHandlers(
  socket: RealtimeSocket,
  ctx: DesktopsContext,
  { guardWrite }: SocketGuards,
): void {
  /** The share token each desktop was joined with, so writes are checked the way the join was. */
  const joined = new Map<string, string | undefined>();
  const caller = () => ({ actor: socket.data.actor, networkAddress: socket.data.networkAddress });
  const reachJoined = async (networkId: string) => {
    if (!joined.has(networkId)) throw new AppError('NOT_FOUND', DESKTOP_NOT_FOUND);
    if (socket.data.actor) await guardWrite(socket);
    return reachDesktopChannel(ctx, caller(), { networkId, desktopId: joined.get(networkId) });
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
    handleEvent(DesktopChannelPayload, async ({ networkId }) => {
      joined.delete(networkId);
      await socket.leave(channels.desktop(networkId));
      await socket.leave(channels.desktopShared(networkId));
    }),
  );
  socket.on(
    'desktop:item:updated',
    handleEvent(DesktopItemUpdatedEmit, async ({ networkId, itemId, updates }) => {
      const resolved = await reachJoined(networkId);
      await desktopService.moveItemOnJoinedDesktop(ctx, caller(), resolved, itemId, updates);
    }),
  );
  socket.on(
    'desktop:item:created',
    handleEvent(DesktopItemCreatedEmit, async ({ networkId, item }) => {
      const resolved = await reachJoined(networkId);
      const stored = await desktopService.findStoredItem(ctx, resolved, item.id);
      socket.to(channels.desktop(resolved.desktop.id)).emit('desktop:item:new', { networkId, item: stored });
    }),
  );
  socket.on(
    'desktop:item:deleted',
    handleEvent(DesktopItemDeletedEmit, async ({ networkId, itemId }) => {
      const resolved = await reachJoined(networkId);
      await desktopService.deleteItemOnJoinedDesktop(ctx, caller(), resolved, itemId, { whenGone: 'announce' });
    }),
  );
}
