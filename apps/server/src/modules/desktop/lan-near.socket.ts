import { LanNearAnswer, LanNearChallengeRequest, LanNearSignalEmit, channels } from '@clipsync/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { handleEvent } from '../../realtime/socket-handler';
import type { RealtimeSocket } from '../../realtime/types';
import type { DesktopsContext } from './desktop.context';
import { isLanNearAnswerValid, issueLanNearChallenge } from './lan-near-proof';
import type { LanPeerRecord, LanRegistry } from './lan-registry';

type Handler = <S extends z.ZodType>(
  schema: S,
  run: (payload: z.infer<S>) => Promise<void>,
) => ReturnType<typeof handleEvent>;

interface LanNearOptions {
  ctx: DesktopsContext;
  registry: LanRegistry;
  selfId: string;
  /** The socket's handler wrapper (parses, waits for the registration, acks). */
  on: Handler;
  /** Whether this peer may see `peer` at all: its network, or a device proved near. */
  canReach: (peer: LanPeerRecord) => Promise<boolean>;
}

/**
 * Nearness between two LAN peers without accounts (decision 030), a guest's browser with a user's device
 * say: WebRTC signalling relayed between two peers that see each other, a challenge for the pair to the
 * initiator, and the other peer's answer over its own socket. A proved pair is kept while both are connected
 * and each lists the other as verified.
 */
export function registerLanNearHandlers(
  socket: RealtimeSocket,
  { ctx, registry, selfId, on, canReach }: LanNearOptions,
): void {
  /** Every `lan:near:*` event counts: a flood of offers would make the other browser open connection after connection. */
  const limited: Handler = (schema, run) =>
    on(schema, async (payload) => {
      if ((await ctx.lanNearEventsPerSocket.hit(socket.id)) > 0) {
        throw new AppError('RATE_LIMITED', 'Too many nearness checks: wait a moment');
      }
      await run(payload);
    });
  const reachablePeer = async (peerId: string) => {
    const peer = await registry.get(peerId);
    if (!peer || peer.id === selfId || !(await canReach(peer)))
      throw new AppError('NOT_FOUND', 'Could not connect to peer');
    return peer;
  };
  void socket.join(channels.lanPeer(selfId));

  socket.on(
    'lan:near:signal',
    limited(LanNearSignalEmit, async ({ toPeerId, data }) => {
      await reachablePeer(toPeerId);
      socket.to(channels.lanPeer(toPeerId)).emit('lan:near:signal', { fromPeerId: selfId, data });
    }),
  );
  socket.on(
    'lan:near:challenge',
    limited(LanNearChallengeRequest, async ({ withPeerId }) => {
      await reachablePeer(withPeerId);
      socket.emit('lan:near:challenge', issueLanNearChallenge(ctx.serverSecret, { issuer: selfId, other: withPeerId }));
    }),
  );
  socket.on(
    'lan:near:answer',
    limited(LanNearAnswer, async (answer) => {
      if (!isLanNearAnswerValid(ctx.serverSecret, answer, selfId)) {
        throw new AppError('FORBIDDEN', 'The nearness check failed');
      }
      await registry.markNear(answer.issuerPeerId, selfId);
      socket.to(channels.lanPeer(answer.issuerPeerId)).emit('lan:near:proved', { peerId: selfId });
      socket.emit('lan:near:proved', { peerId: answer.issuerPeerId });
    }),
  );
}
