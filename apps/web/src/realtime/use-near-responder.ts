import type { Device } from '@clipsync/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { registerKeyOnce } from '../api/device-key-registration';
import { deviceKeys } from '../api/query-keys';
import { openNearLink } from '../lib/near/near-link';
import type { NearPort } from '../lib/near/near-port';
import { answerProveRequests } from '../lib/near/proof-exchange';
import { thisBrowserKey } from '../lib/near/this-browser-key';
import { nearSignalHubOf } from './near-signal-hub';
import { useSocket } from './socket-context';

/** What a responder does with an open link besides signing (receiving files); returns its stop. */
export type LinkServer = (port: NearPort, fromDeviceId: string) => () => void;

/**
 * This device's side of every link another of the account's devices opens to it (decision 030), in every
 * signed-in page: it answers the offer, signs the prove requests of that device for this one, and hands the
 * link to `serve` (files). Once a link it signed on closes, the list is asked again: the other device has
 * posted the proof by then, and this device's row for it shows it near.
 */
export function useNearResponder(userId: string | undefined, thisDevice: Device | undefined, serve?: LinkServer) {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const thisDeviceId = thisDevice?.id;
  const hasKey = thisDevice?.hasKey;

  const answer = useEffectEvent((port: NearPort, fromDeviceId: string) => {
    if (!userId || !thisDeviceId) return port.close();
    let hasSigned = false;
    const sign = async (text: string) => {
      const signature = await (await thisBrowserKey(userId)).key.sign(text);
      hasSigned = true;
      return signature;
    };
    const stops = [answerProveRequests(port, { self: thisDeviceId, peer: fromDeviceId }, sign)];
    if (serve) stops.push(serve(port, fromDeviceId));
    const stopClose = port.onClose(() => {
      stops.forEach((stop) => stop());
      stopClose();
      if (hasSigned) void queryClient.invalidateQueries({ queryKey: deviceKeys.list });
    });
  });

  useEffect(() => {
    if (!socket || !userId || !thisDeviceId || typeof RTCPeerConnection === 'undefined') return;
    const hub = nearSignalHubOf(socket);
    return hub.onOffer((fromDeviceId, offer) => {
      // The other device asks for a challenge once the link is open: this device's key must be known by then.
      registerKeyOnce(userId, { id: thisDeviceId, hasKey })
        .then(() =>
          openNearLink({ signaller: hub.linkWith(fromDeviceId, offer.link), role: { kind: 'responder', offer } }),
        )
        .then(
          (port) => answer(port, fromDeviceId),
          (error: unknown) => console.warn('A nearness link was not opened:', error),
        );
    });
  }, [socket, userId, thisDeviceId, hasKey]);
}
