import { NearSignalEmit, channels } from '@clipsync/shared';
import { AppError } from '../../../lib/app-error';
import { handleEvent } from '../../../realtime/socket-handler';
import type { RealtimeSocket } from '../../../realtime/types';
import type { NearnessContext } from './nearness.context';
import { routeSignal } from './nearness.service';

/**
 * `near:signal`: a device's WebRTC offer, answer or ICE candidate for another device of the same account,
 * relayed to that device's session channel (on any node) as `{ fromDeviceId, data }`. A reply between two
 * sockets, not a domain event, so it is sent from here rather than by a broadcast. Registered on every
 * socket, so a signed-out one is told 401 rather than left without an answer.
 */
export function registerNearnessSockets(ctx: NearnessContext) {
  return (socket: RealtimeSocket): void => {
    socket.on(
      'near:signal',
      handleEvent(NearSignalEmit, async (signal) => {
        if ((await ctx.signalsPerSocket.hit(socket.id)) > 0) {
          throw new AppError('RATE_LIMITED', 'Too many signals: wait a moment');
        }
        const { toSessionId, payload } = await routeSignal(ctx, socket.data.actor, signal);
        socket.nsp.to(channels.session(toSessionId)).emit('near:signal', payload);
      }),
    );
  };
}
