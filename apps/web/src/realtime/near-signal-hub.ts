import type { NearSignalData } from '@clipsync/shared';
import type { LinkSignaller } from '../lib/near/near-link';
import { parseNearSignal, type NearSignal } from '../lib/near/near-signal';
import { randomId } from '../lib/random-id';
import type { RealtimeSocket } from './socket-client';

type Offer = Extract<NearSignal, { kind: 'offer' }>;

/** Signals that came before anyone listened for their link are kept this long (relays may overtake). */
const EARLY_SIGNAL_MS = 10_000;
const EARLY_SIGNALS_MAX = 64;

/**
 * The signalling of one socket, shared by the tab's prover and responder: each link's signals go to that
 * link, an offer for no known link goes to the responder, and a signal (an offer too) that came before its
 * link or the responder listened waits a few seconds for it. The other end is a device of the account
 * (`near:signal`) or a LAN peer (`lan:near:signal`), by its id.
 */
export interface NearSignalHub {
  /** The signaller of one link with `peerId`: a new link id for an initiator, the offer's for a responder. */
  linkWith(peerId: string, linkId?: string): LinkSignaller;
  onOffer(handler: (fromId: string, offer: Offer) => void): () => void;
}

/** How signals travel through one socket: what arrives from another end, and sending to one. */
interface SignalTransport {
  onSignal(handler: (fromId: string, data: NearSignalData) => void): void;
  send(toId: string, data: NearSignalData): void;
}

const deviceHubs = new WeakMap<RealtimeSocket, NearSignalHub>();
const lanHubs = new WeakMap<RealtimeSocket, NearSignalHub>();

function hubOf(hubs: WeakMap<RealtimeSocket, NearSignalHub>, socket: RealtimeSocket, transport: () => SignalTransport) {
  let hub = hubs.get(socket);
  if (!hub) {
    hub = createNearSignalHub(transport());
    hubs.set(socket, hub);
  }
  return hub;
}

/** The one hub of the account's `socket` for links between its devices (made on first use). */
export const nearSignalHubOf = (socket: RealtimeSocket): NearSignalHub =>
  hubOf(deviceHubs, socket, () => ({
    onSignal: (handler) => socket.on('near:signal', ({ fromDeviceId, data }) => handler(fromDeviceId, data)),
    send: (toDeviceId, data) => socket.emit('near:signal', { toDeviceId, data }),
  }));

/** The one hub of a LAN `socket` for links between LAN peers (made on first use). */
export const lanNearSignalHubOf = (socket: RealtimeSocket): NearSignalHub =>
  hubOf(lanHubs, socket, () => ({
    onSignal: (handler) => socket.on('lan:near:signal', ({ fromPeerId, data }) => handler(fromPeerId, data)),
    send: (toPeerId, data) => socket.emit('lan:near:signal', { toPeerId, data }),
  }));

function createNearSignalHub(transport: SignalTransport): NearSignalHub {
  // This tab's name in every signal it sends (a device's signals reach all tabs of its session).
  const tab = randomId();
  const links = new Map<string, (signal: NearSignal) => void>();
  const early: Array<{ key: string; signal: NearSignal; at: number }> = [];
  const offerHandlers = new Set<(fromDeviceId: string, offer: Offer) => void>();
  // Offers that came while no responder listened yet (the page still registering its device).
  const waitingOffers: Array<{ fromDeviceId: string; offer: Offer; at: number }> = [];
  const keyOf = (deviceId: string, linkId: string) => `${deviceId}:${linkId}`;

  transport.onSignal((fromDeviceId, data) => {
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
    linkWith(deviceId, linkId = randomId()) {
      const key = keyOf(deviceId, linkId);
      return {
        send: (signal) => transport.send(deviceId, { ...signal, link: linkId, tab }),
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
