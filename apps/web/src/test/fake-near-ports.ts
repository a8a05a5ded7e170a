import type { NearPort } from '../lib/near/near-port';

type Frame = string | ArrayBuffer;
const sizeOf = (frame: Frame) => (typeof frame === 'string' ? frame.length : frame.byteLength);

/** One end of an in-memory data channel: frames arrive on the other end a tick later, in order. */
export class FakePort implements NearPort {
  bufferedAmount = 0;
  bufferedAmountLowThreshold = 0;
  onbufferedamountlow: (() => void) | null = null;
  isOpen = true;
  /** The most that was ever waiting in the send buffer (backpressure checks). */
  maxBuffered = 0;
  readonly sent: Frame[] = [];
  peer: FakePort | null = null;
  private readonly messageHandlers = new Set<(data: Frame) => void>();
  private readonly closeHandlers = new Set<() => void>();

  send(data: Frame) {
    if (!this.isOpen) throw new Error('The channel is closed');
    // Copied, as a real channel does: the sender may reuse its buffer.
    const frame = typeof data === 'string' ? data : data.slice(0);
    this.sent.push(frame);
    this.bufferedAmount += sizeOf(frame);
    this.maxBuffered = Math.max(this.maxBuffered, this.bufferedAmount);
    setTimeout(() => {
      if (!this.isOpen) return;
      const before = this.bufferedAmount;
      this.bufferedAmount -= sizeOf(frame);
      this.peer?.deliver(frame);
      if (before > this.bufferedAmountLowThreshold && this.bufferedAmount <= this.bufferedAmountLowThreshold) {
        this.onbufferedamountlow?.();
      }
    }, 0);
  }

  deliver(frame: Frame) {
    if (this.isOpen) this.messageHandlers.forEach((handler) => handler(frame));
  }

  onMessage(handler: (data: Frame) => void) {
    this.messageHandlers.add(handler);
    return () => void this.messageHandlers.delete(handler);
  }

  onClose(handler: () => void) {
    this.closeHandlers.add(handler);
    return () => void this.closeHandlers.delete(handler);
  }

  /** Closes this end and the other, as a dropped connection does: frames still on the way are lost. */
  close() {
    for (const port of [this, this.peer]) {
      if (!port?.isOpen) continue;
      port.isOpen = false;
      port.closeHandlers.forEach((handler) => handler());
    }
  }
}

/** Two connected ends. */
export function fakePortPair(): [FakePort, FakePort] {
  const a = new FakePort();
  const b = new FakePort();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
