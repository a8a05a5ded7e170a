import { DeviceSendAck } from '@clipsync/shared';
import { handleEvent } from '../../../realtime/socket-handler';
import type { RealtimeSocket } from '../../../realtime/types';
import type { DeviceSendsContext } from './device-sends.context';
import { acknowledgeSend, deliverWaitingSends } from './device-sends.service';

/**
 * A device's socket: when it opens, what waits for its device is handed over (oldest first); its
 * `device:send-ack` ends a send's delivery. A token without `clips:read` hears no sends (and its acks are
 * refused before this, by the socket's scope check).
 */
export function registerDeviceSendSockets(ctx: DeviceSendsContext) {
  return (socket: RealtimeSocket): void => {
    const { actor } = socket.data;
    if (!actor) return;
    socket.on(
      'device:send-ack',
      handleEvent(DeviceSendAck, ({ id }) => acknowledgeSend(ctx, socket.data.actor, id)),
    );
    if (actor.scopes && !actor.scopes.includes('clips:read')) return;
    deliverWaitingSends(ctx, actor.sessionId).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'the sends waiting for a device could not be handed over'),
    );
  };
}
