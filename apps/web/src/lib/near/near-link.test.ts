import { describe, expect, test, vi } from 'vitest';
import { NearUnreachableError, openNearLink, type LinkSignaller } from './near-link';
import type { NearSignal } from './near-signal';

const HOST = 'candidate:1 1 udp 2122260223 10.0.0.5 5000 typ host';
const SRFLX = 'candidate:2 1 udp 1686052607 203.0.113.9 5000 typ srflx raddr 10.0.0.5 rport 5000';
const SDP = ['v=0', `a=${HOST}`, `a=${SRFLX}`, ''].join('\r\n');

/** Just enough of a data channel: it opens when the test says so. */
class FakeChannel extends EventTarget {
  readyState: RTCDataChannelState = 'connecting';
  binaryType = 'blob';
  open() {
    this.readyState = 'open';
    this.dispatchEvent(new Event('open'));
  }
}

/** Just enough of RTCPeerConnection to watch what the link does with it. */
class FakePeer extends EventTarget {
  isClosed = false;
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly added: RTCIceCandidateInit[] = [];
  channel = new FakeChannel();
  connectionState = 'new';
  createDataChannel() {
    return this.channel;
  }
  createOffer = async () => ({ type: 'offer' as const, sdp: SDP });
  createAnswer = async () => ({ type: 'answer' as const, sdp: SDP });
  setLocalDescription = async (description: RTCSessionDescriptionInit) => void (this.localDescription = description);
  setRemoteDescription = async (description: RTCSessionDescriptionInit) => void (this.remoteDescription = description);
  addIceCandidate = async (candidate: RTCIceCandidateInit) => void this.added.push(candidate);
  close() {
    this.isClosed = true;
  }
  gather(candidate: string) {
    this.dispatchEvent(
      Object.assign(new Event('icecandidate'), { candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } }),
    );
  }
}

/** A signal as the other device sends it, before the hub names the link. */
type Heard = NearSignal extends infer Signal ? (Signal extends unknown ? Omit<Signal, 'link'> : never) : never;

function fakeSignaller() {
  const sent: Array<Record<string, unknown>> = [];
  let heard: ((signal: NearSignal) => void) | null = null;
  const signaller: LinkSignaller = {
    send: (signal) => sent.push(signal),
    listen: (handler) => {
      heard = handler;
      return () => (heard = null);
    },
  };
  const hear = (signal: Heard) => heard?.({ ...signal, link: 'LINK' } as NearSignal);
  return { signaller, sent, hear };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const asPeer = (peer: FakePeer) => () => peer as unknown as RTCPeerConnection;

describe('near link', () => {
  test('the initiator offers host candidates only, takes the first tab that answers, and opens', async () => {
    const peer = new FakePeer();
    const { signaller, sent, hear } = fakeSignaller();
    const opening = openNearLink({ signaller, role: { kind: 'initiator' }, createPeer: asPeer(peer) });
    await settle();
    expect(sent[0]).toEqual({ kind: 'offer', sdp: ['v=0', `a=${HOST}`, ''].join('\r\n') });
    peer.gather(SRFLX);
    peer.gather(HOST);
    expect(sent.slice(1)).toEqual([{ kind: 'candidate', candidate: HOST, sdpMid: '0', sdpMLineIndex: 0 }]);

    // Its candidate overtook the answer: it waits for it. A reflexive one is never used.
    hear({ tab: 'TAB-1', kind: 'candidate', candidate: HOST, sdpMid: '0', sdpMLineIndex: 0 });
    hear({ tab: 'TAB-1', kind: 'candidate', candidate: SRFLX, sdpMid: '0', sdpMLineIndex: 0 });
    hear({ tab: 'TAB-1', kind: 'answer', sdp: SDP });
    hear({ tab: 'TAB-2', kind: 'answer', sdp: 'v=0' });
    hear({
      tab: 'TAB-2',
      kind: 'candidate',
      candidate: HOST.replace('10.0.0.5', '10.0.0.6'),
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: ['v=0', `a=${HOST}`, ''].join('\r\n') });
    expect(peer.added).toEqual([{ candidate: HOST, sdpMid: '0', sdpMLineIndex: 0 }]);

    peer.channel.open();
    const port = await opening;
    expect(port.isOpen).toBe(true);
    expect(peer.channel.binaryType).toBe('arraybuffer');
  });

  test('a link not open in time is unreachable: the connection is closed and the other side told', async () => {
    vi.useFakeTimers();
    try {
      const peer = new FakePeer();
      const { signaller, sent } = fakeSignaller();
      const opening = openNearLink({
        signaller,
        role: { kind: 'initiator' },
        createPeer: asPeer(peer),
        timeoutMs: 8000,
      });
      const failed = expect(opening).rejects.toBeInstanceOf(NearUnreachableError);
      await vi.advanceTimersByTimeAsync(8000);
      await failed;
      expect(peer.isClosed).toBe(true);
      expect(sent.at(-1)).toEqual({ kind: 'hangup' });
    } finally {
      vi.useRealTimers();
    }
  });

  test('the responder answers the offer and opens with the channel the initiator made', async () => {
    const peer = new FakePeer();
    const { signaller, sent } = fakeSignaller();
    const offer = { link: 'LINK', tab: 'TAB-A', kind: 'offer' as const, sdp: SDP };
    const opening = openNearLink({ signaller, role: { kind: 'responder', offer }, createPeer: asPeer(peer) });
    await settle();
    expect(peer.remoteDescription?.type).toBe('offer');
    expect(sent[0]).toMatchObject({ kind: 'answer' });
    const channel = new FakeChannel();
    peer.dispatchEvent(Object.assign(new Event('datachannel'), { channel }));
    channel.open();
    await expect(opening).resolves.toMatchObject({ isOpen: true });
  });
});
