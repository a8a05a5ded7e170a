import { describe, expect, test, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { nearSignalHubOf } from './near-signal-hub';

const candidate = {
  kind: 'candidate',
  candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describe('near signal hub', () => {
  test("sends a link's signals to the device with the link and this tab's names", () => {
    const socket = new FakeSocket().connect();
    const link = nearSignalHubOf(socket.asSocket()).linkWith('DEVICE-B', 'LINK-1');
    link.send({ kind: 'hangup' });
    expect(socket.emitted).toEqual([
      {
        event: 'near:signal',
        args: [{ toDeviceId: 'DEVICE-B', data: { kind: 'hangup', link: 'LINK-1', tab: expect.any(String) } }],
      },
    ]);
    expect(nearSignalHubOf(socket.asSocket())).toBe(nearSignalHubOf(socket.asSocket()));
  });

  test('an offer for no link goes to the responder; a signal before its link listens waits for it', () => {
    const socket = new FakeSocket().connect();
    const hub = nearSignalHubOf(socket.asSocket());
    const onOffer = vi.fn();
    hub.onOffer(onOffer);
    // Relayed signals may overtake each other: the candidate comes before the offer.
    socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: { ...candidate, link: 'LINK-1', tab: 'TAB-A' } });
    socket.fire('near:signal', {
      fromDeviceId: 'DEVICE-A',
      data: { kind: 'offer', sdp: 'v=0', link: 'LINK-1', tab: 'TAB-A' },
    });
    socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: { kind: 'nonsense', link: 'LINK-1', tab: 'TAB-A' } });
    expect(onOffer).toHaveBeenCalledExactlyOnceWith('DEVICE-A', {
      kind: 'offer',
      sdp: 'v=0',
      link: 'LINK-1',
      tab: 'TAB-A',
    });

    const heard = vi.fn();
    const stop = hub.linkWith('DEVICE-A', 'LINK-1').listen(heard);
    expect(heard).toHaveBeenCalledExactlyOnceWith({ ...candidate, link: 'LINK-1', tab: 'TAB-A' });
    socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: { kind: 'hangup', link: 'LINK-1', tab: 'TAB-A' } });
    // The same link id from another device is another link.
    socket.fire('near:signal', { fromDeviceId: 'DEVICE-C', data: { kind: 'hangup', link: 'LINK-1', tab: 'TAB-C' } });
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: { kind: 'hangup', link: 'LINK-1', tab: 'TAB-A' } });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  test('an offer that came before the responder listened is handed to it when it does, if still recent', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const socket = new FakeSocket().connect();
      const hub = nearSignalHubOf(socket.asSocket());
      const offer = (link: string) => ({ kind: 'offer', sdp: 'v=0', link, tab: 'TAB-A' });
      socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: offer('STALE') });
      vi.advanceTimersByTime(11_000);
      socket.fire('near:signal', { fromDeviceId: 'DEVICE-A', data: offer('FRESH') });
      const onOffer = vi.fn();
      hub.onOffer(onOffer);
      expect(onOffer).toHaveBeenCalledExactlyOnceWith('DEVICE-A', offer('FRESH'));
      // Handed over once: a second responder does not get it again.
      const later = vi.fn();
      hub.onOffer(later);
      expect(later).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
