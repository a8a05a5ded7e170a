/**
 * A data channel as the nearness protocols use it: text frames (JSON) and binary frames (file chunks), with
 * the send buffer's figures for backpressure. An RTCDataChannel behind it in the app (`portOfChannel`), an
 * in-memory pair in the unit tests.
 */
export interface NearPort {
  send(data: string | ArrayBuffer): void;
  readonly bufferedAmount: number;
  bufferedAmountLowThreshold: number;
  onbufferedamountlow: (() => void) | null;
  /** Every frame received from now on; returns the unsubscribe. */
  onMessage(handler: (data: string | ArrayBuffer) => void): () => void;
  /** Called once when the channel closes (either side, or the connection dropped). */
  onClose(handler: () => void): () => void;
  readonly isOpen: boolean;
  close(): void;
}

/** The RTCDataChannel as a NearPort; closing it also closes its connection. */
export function portOfChannel(channel: RTCDataChannel, peer: RTCPeerConnection): NearPort {
  channel.binaryType = 'arraybuffer';
  const listen = <K extends 'message' | 'close'>(type: K, listener: (event: RTCDataChannelEventMap[K]) => void) => {
    channel.addEventListener(type, listener);
    return () => channel.removeEventListener(type, listener);
  };
  // A dropped connection may never close the channel itself: its 'failed' or 'disconnected' state says so.
  peer.addEventListener('connectionstatechange', () => {
    if (peer.connectionState === 'failed' || peer.connectionState === 'closed') channel.close();
  });
  let lowHandler: (() => void) | null = null;
  return {
    // Two calls: TypeScript picks one overload of `send` per call.
    send: (data) => (typeof data === 'string' ? channel.send(data) : channel.send(data)),
    get bufferedAmount() {
      return channel.bufferedAmount;
    },
    get bufferedAmountLowThreshold() {
      return channel.bufferedAmountLowThreshold;
    },
    set bufferedAmountLowThreshold(value) {
      channel.bufferedAmountLowThreshold = value;
    },
    get onbufferedamountlow() {
      return lowHandler;
    },
    set onbufferedamountlow(handler) {
      lowHandler = handler;
      channel.onbufferedamountlow = handler && (() => handler());
    },
    onMessage: (handler) => listen('message', (event) => handler(event.data as string | ArrayBuffer)),
    onClose: (handler) => listen('close', () => handler()),
    get isOpen() {
      return channel.readyState === 'open';
    },
    close: () => {
      channel.close();
      peer.close();
    },
  };
}
