import type { RealtimeSocket } from '../../../realtime/types';
import type { DevicesContext } from '../devices.context';
import { noteSocketClosed, noteSocketOpened } from './devices.service';

/**
 * Presence: a signed-in socket is its session's, so a device's. Its opening makes the device online and
 * its close (or loss, noticed by the missed ping) offline once no other socket of it is left on any node.
 * No client event: the socket's life is the signal.
 */
export function trackDevicePresence(ctx: DevicesContext) {
  const logFailure = (error: unknown) => ctx.log.warn({ err: error }, "a device's presence could not be noted");
  return (socket: RealtimeSocket): void => {
    const { actor } = socket.data;
    if (!actor) return;
    const opened = noteSocketOpened(ctx, actor.sessionId, () => socket.connected).catch(logFailure);
    // After the opening's own write: a socket that closes at once is told offline after, never before, online.
    socket.once('disconnect', () => {
      void opened.then(() => noteSocketClosed(ctx, actor.sessionId)).catch(logFailure);
    });
  };
}
