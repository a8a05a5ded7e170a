import type { LanNearAnswer, LanNearChallenge } from '@clipsync/shared';
import { answerLanChallenges, handOverLanChallenge } from '../lib/near/lan-challenge-exchange';
import { hasWebRtc, openNearLink } from '../lib/near/near-link';
import type { NearPort } from '../lib/near/near-port';
import { lanNearSignalHubOf } from './near-signal-hub';
import type { RealtimeSocket } from './socket-client';

/** How long the server may take to give a challenge once asked. */
const CHALLENGE_TIMEOUT_MS = 10_000;
/** Links other peers may have open to this one at once: a flood of offers opens no more connections. */
const ANSWERED_LINKS_MAX = 4;

/** The server's challenge for this peer and `peerId` (its event follows the ack). */
function askChallenge(socket: RealtimeSocket, peerId: string): Promise<LanNearChallenge> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      socket.off('lan:near:challenge', onChallenge);
      settle();
    };
    const onChallenge = (challenge: LanNearChallenge) => {
      if (challenge.withPeerId === peerId) done(() => resolve(challenge));
    };
    const timer = setTimeout(() => done(() => reject(new Error('No challenge came'))), CHALLENGE_TIMEOUT_MS);
    socket.on('lan:near:challenge', onChallenge);
    socket.emit('lan:near:challenge', { withPeerId: peerId }, (ack) => {
      if (!ack.ok) done(() => reject(new Error(ack.error)));
    });
  });
}

/**
 * Proves this LAN peer near `peerId` (decision 030): opens a host-only data channel to it (rejecting with
 * NearUnreachableError when it cannot), asks the server for the pair's challenge and hands it over the
 * channel; the other peer answers it to the server, which then tells both (`lan:near:proved`).
 */
export async function proveLanNearness(socket: RealtimeSocket, peerId: string): Promise<void> {
  const port = await openNearLink({
    signaller: lanNearSignalHubOf(socket).linkWith(peerId),
    role: { kind: 'initiator' },
  });
  try {
    await handOverLanChallenge(port, await askChallenge(socket, peerId));
  } finally {
    port.close();
  }
}

/**
 * This peer's side of every link another LAN peer opens to it: it answers the offer and each challenge
 * handed over the channel, ANSWERED_LINKS_MAX links at once at most. Nothing without WebRTC. Returns the
 * stop, which also closes the links open then.
 */
export function answerLanNearness(socket: RealtimeSocket): () => void {
  if (!hasWebRtc()) return () => undefined;
  const hub = lanNearSignalHubOf(socket);
  const answer = (payload: LanNearAnswer) =>
    new Promise<void>((resolve, reject) =>
      socket.emit('lan:near:answer', payload, (ack) => (ack.ok ? resolve() : reject(new Error(ack.error)))),
    );
  const open = new Set<NearPort>();
  let opening = 0;
  let isStopped = false;
  const stopOffers = hub.onOffer((fromPeerId, offer) => {
    if (open.size + opening >= ANSWERED_LINKS_MAX) return;
    opening += 1;
    openNearLink({ signaller: hub.linkWith(fromPeerId, offer.link), role: { kind: 'responder', offer } })
      .then(
        (port) => {
          if (isStopped) return port.close();
          open.add(port);
          const stop = answerLanChallenges(port, fromPeerId, answer);
          const stopClose = port.onClose(() => {
            open.delete(port);
            stop();
            stopClose();
          });
        },
        (error: unknown) => console.warn('A nearness link was not opened:', error),
      )
      .finally(() => (opening -= 1));
  });
  return () => {
    isStopped = true;
    stopOffers();
    open.forEach((port) => port.close());
  };
}
