import { isHostCandidate, keepHostCandidates, type NearSignal } from './near-signal';
import { portOfChannel, type NearPort } from './near-port';

/** How long a link may take to open before the devices count as not reachable directly. */
export const NEAR_LINK_TIMEOUT_MS = 8000;

/** The channel did not open in time: the devices are not on one network, or it keeps them apart. */
export class NearUnreachableError extends Error {
  readonly code = 'NEAR_UNREACHABLE';
  constructor() {
    super('The other device could not be reached directly');
    this.name = 'NearUnreachableError';
  }
}

/** Whether this browser has WebRTC at all (some privacy setups and old webviews remove it). */
export const hasWebRtc = () => typeof RTCPeerConnection !== 'undefined';

/** One attempt's signalling: what this tab says to the other device, and what it hears back for the link. */
export interface LinkSignaller {
  send(signal: DistributiveOmit<NearSignal, 'link' | 'tab'>): void;
  /** Signals of this link from the other device (any of its tabs); returns the unsubscribe. */
  listen(handler: (signal: NearSignal) => void): () => void;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface LinkOptions {
  signaller: LinkSignaller;
  /** The initiator makes the offer; the responder answers the offer it was given. */
  role: { kind: 'initiator' } | { kind: 'responder'; offer: Extract<NearSignal, { kind: 'offer' }> };
  timeoutMs?: number;
  /** No STUN or TURN, ever: with host candidates only, an open channel means one network (decision 030). */
  createPeer?: () => RTCPeerConnection;
}

/**
 * A WebRTC data channel to another of the account's devices, signalled through the server, with host
 * candidates only. Rejects with NearUnreachableError (and closes everything) when it is not open within
 * NEAR_LINK_TIMEOUT_MS.
 */
export function openNearLink({
  signaller,
  role,
  timeoutMs = NEAR_LINK_TIMEOUT_MS,
  createPeer = () => new RTCPeerConnection({ iceServers: [] }),
}: LinkOptions): Promise<NearPort> {
  const peer = createPeer();
  // The first tab of the other device that answers is the one; another tab's answer is ignored.
  let peerTab = role.kind === 'responder' ? role.offer.tab : undefined;
  let hasRemote = false;
  const early: RTCIceCandidateInit[] = [];

  return new Promise<NearPort>((resolve, reject) => {
    let isSettled = false;
    const stopListening = signaller.listen((signal) => void hear(signal).catch(fail));
    const timer = setTimeout(() => fail(new NearUnreachableError()), timeoutMs);

    function fail(error: unknown) {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      stopListening();
      peer.close();
      signaller.send({ kind: 'hangup' });
      reject(error instanceof Error ? error : new Error(String(error)));
    }
    function succeed(channel: RTCDataChannel) {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      stopListening();
      resolve(portOfChannel(channel, peer));
    }
    const whenOpen = (channel: RTCDataChannel) => {
      if (channel.readyState === 'open') succeed(channel);
      else channel.addEventListener('open', () => succeed(channel), { once: true });
    };

    async function hear(signal: NearSignal) {
      if (signal.kind === 'offer') return;
      if (signal.kind === 'answer') {
        if (role.kind !== 'initiator' || peerTab !== undefined) return;
        peerTab = signal.tab;
        await peer.setRemoteDescription({ type: 'answer', sdp: keepHostCandidates(signal.sdp) });
        hasRemote = true;
        for (const candidate of early.splice(0)) await addCandidate(candidate);
        return;
      }
      if (signal.tab !== peerTab && peerTab !== undefined) return;
      if (signal.kind === 'hangup') return fail(new NearUnreachableError());
      if (!isHostCandidate(signal.candidate)) return;
      const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
      // Relayed signals may overtake each other: a candidate before the answer waits for it.
      if (hasRemote && peerTab !== undefined) await addCandidate(candidate);
      else early.push(candidate);
    }
    async function addCandidate(candidate: RTCIceCandidateInit) {
      // A candidate the connection cannot use (another tab's, a stale one) is not a failure of the link.
      await peer.addIceCandidate(candidate).catch(() => undefined);
    }

    peer.addEventListener('icecandidate', ({ candidate }) => {
      if (!candidate?.candidate || !isHostCandidate(candidate.candidate)) return;
      signaller.send({
        kind: 'candidate',
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
    });

    const start = async () => {
      if (role.kind === 'initiator') {
        whenOpen(peer.createDataChannel('clipsync-near', { ordered: true }));
        await peer.setLocalDescription(await peer.createOffer());
        signaller.send({ kind: 'offer', sdp: keepHostCandidates(peer.localDescription?.sdp ?? '') });
      } else {
        peer.addEventListener('datachannel', ({ channel }) => whenOpen(channel));
        await peer.setRemoteDescription({ type: 'offer', sdp: keepHostCandidates(role.offer.sdp) });
        hasRemote = true;
        for (const candidate of early.splice(0)) await addCandidate(candidate);
        await peer.setLocalDescription(await peer.createAnswer());
        signaller.send({ kind: 'answer', sdp: keepHostCandidates(peer.localDescription?.sdp ?? '') });
      }
    };
    start().catch(fail);
  });
}
