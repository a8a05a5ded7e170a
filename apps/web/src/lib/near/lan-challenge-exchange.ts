import type { LanNearAnswer, LanNearChallenge } from '@clipsync/shared';
import { requestOverChannel } from './channel-request';
import { parseJsonFrame } from './json-frame';
import type { NearPort } from './near-port';
import { PEER_SIGNATURE_TIMEOUT_MS } from './proof-exchange';

/**
 * Between two LAN peers (decision 030) the proof is the channel itself: the initiator hands the challenge
 * the server gave it to the other peer over the open channel, and the other peer answers it to the server
 * over its own socket. Resolves once the other peer says the server took its answer.
 */
export function handOverLanChallenge(
  port: NearPort,
  challenge: LanNearChallenge,
  timeoutMs = PEER_SIGNATURE_TIMEOUT_MS,
): Promise<void> {
  const { challengeId, nonce, expiresAt } = challenge;
  return requestOverChannel<true>(
    port,
    { t: 'lan-prove', challengeId, nonce, expiresAt },
    (frame) => {
      if (frame.t === 'lan-answered') return true;
      return frame.t === 'refused' ? new Error('The other device could not answer') : undefined;
    },
    { timeoutMs, late: 'The other device did not answer in time', closed: 'The channel closed before the answer' },
  ).then(() => undefined);
}

/**
 * The other peer's side: each challenge handed over this channel is answered through `answer` (the LAN
 * socket), naming as its issuer the peer at the other end of the channel, whatever the frame says.
 */
export function answerLanChallenges(
  port: NearPort,
  issuerPeerId: string,
  answer: (answer: LanNearAnswer) => Promise<void>,
): () => void {
  return port.onMessage((data) => {
    const frame = parseJsonFrame(data);
    if (frame?.t !== 'lan-prove') return;
    const { challengeId, nonce, expiresAt } = frame;
    const reply = (t: 'lan-answered' | 'refused') => port.isOpen && port.send(JSON.stringify({ t, challengeId }));
    if (typeof challengeId !== 'string' || typeof nonce !== 'string' || typeof expiresAt !== 'number') {
      return void reply('refused');
    }
    answer({ issuerPeerId, challengeId, nonce, expiresAt }).then(
      () => reply('lan-answered'),
      () => reply('refused'),
    );
  });
}
