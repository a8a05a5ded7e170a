import type { NearSignalPayload } from '@clipsync/shared';
import type { LinkSignaller } from '../lib/near/near-link';
import { parseNearSignal, type NearSignal } from '../lib/near/near-signal';
import type { RealtimeSocket } from './socket-client';

type Offer = Extract<NearSignal, { kind: 'offer' }>;

/** Signals that came before anyone listened for their link are kept this long (relays may overtake). */
const EARLY_SIGNAL_MS = 10_000;
const EARLY_SIGNALS_MAX = 64;

/**
 * `near:signal` of one socket, shared by the tab's prover and responder: each link's signals go to that
 * link, an offer for no known link goes to the responder, and a signal (an offer too) that came before its
 * link or the responder listened waits a few seconds for it.
 */
export interface NearSignalHub {
  /** The signaller of one link with `deviceId`: a new link id for an initiator, the offer's for a responder. */
  linkWith(deviceId: string, linkId?: string): LinkSignaller;
  onOffer(handler: (fromDeviceId: string, offer: Offer) => void): () => void;
}

const hubs = new WeakMap<RealtimeSocket, NearSignalHub>();

/** The one hub of `socket` (made on first use). */
export function nearSignalHubOf(socket: RealtimeSocket): NearSignalHub {
  let hub = hubs.get(socket);
  if (!hub) {
    hub = createNearSignalHub(socket);
    hubs.set(socket, hub);
  }
  return hub;
}

function createNearSignalHub(socket: RealtimeSocket): NearSignalHub {
  // This tab's name in every signal it sends (a device's signals reach all tabs of its session).
  const tab = crypto.randomUUID();
  const links = new Map<string, (signal: NearSignal) => void>();
  const early: Array<{ key: string; signal: NearSignal; at: number }> = [];
  const offerHandlers = new Set<(fromDeviceId: string, offer: Offer) => void>();
  // Offers that came while no responder listened yet (the page still registering its device).
  const waitingOffers: Array<{ fromDeviceId: string; offer: Offer; at: number }> = [];
  const keyOf = (deviceId: string, linkId: string) => `${deviceId}:${linkId}`;

  socket.on('near:signal', ({ fromDeviceId, data }: NearSignalPayload) => {
    const signal = parseNearSignal(data);
    if (!signal) return;
    const key = keyOf(fromDeviceId, signal.link);
    const link = links.get(key);
    if (link) return link(signal);
    const now = Date.now();
    if (signal.kind === 'offer') {
      if (offerHandlers.size > 0) return offerHandlers.forEach((handler) => handler(fromDeviceId, signal));
      if (waitingOffers.length >= EARLY_SIGNALS_MAX) waitingOffers.shift();
      return void waitingOffers.push({ fromDeviceId, offer: signal, at: now });
    }
    while (early.length > 0 && (now - (early[0]?.at ?? now) > EARLY_SIGNAL_MS || early.length >= EARLY_SIGNALS_MAX)) {
      early.shift();
    }
    early.push({ key, signal, at: now });
  });

  return {
    linkWith(deviceId, linkId = crypto.randomUUID()) {
      const key = keyOf(deviceId, linkId);
      return {
        send: (signal) => socket.emit('near:signal', { toDeviceId: deviceId, data: { ...signal, link: linkId, tab } }),
        listen(handler) {
          links.set(key, handler);
          const waiting = early.filter((entry) => entry.key === key);
          early.splice(0, early.length, ...early.filter((entry) => entry.key !== key));
          waiting.forEach((entry) => handler(entry.signal));
          return () => {
            if (links.get(key) === handler) links.delete(key);
          };
        },
      };
    },
    onOffer(handler) {
      offerHandlers.add(handler);
      const now = Date.now();
      for (const { fromDeviceId, offer, at } of waitingOffers.splice(0)) {
        if (now - at <= EARLY_SIGNAL_MS) handler(fromDeviceId, offer);
      }
      return () => offerHandlers.delete(handler);
    },
  };
}
