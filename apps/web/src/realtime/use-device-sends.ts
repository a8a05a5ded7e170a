import { DEVICE_SEND_ENDPOINTS, type DeviceSendPayload } from '@clipsync/shared';
import { useEffect, useEffectEvent } from 'react';
import { call } from '../api/client';
import { usePendingSends } from '../api/device-queries';
import { handledSendsOfThisBrowser } from '../lib/handled-sends';
import { useSocket } from './socket-context';
import { useUserEvent } from './use-user-event';

/**
 * With several tabs open, one the user is not in (hidden, or a window behind another, which still counts
 * as visible) lets the focused one claim a send first, so that its toast shows where the user is looking;
 * it still acts on what no focused tab claimed, this much later.
 */
export const HIDDEN_TAB_CLAIM_DELAY_MS = 1000;

const focusedTabFirst = (): Promise<void> =>
  document.visibilityState === 'hidden' || !document.hasFocus()
    ? new Promise((resolve) => setTimeout(resolve, HIDDEN_TAB_CLAIM_DELAY_MS))
    : Promise.resolve();

/**
 * Sends addressed to this device: `device:send` on its session's channel, and once per page load the ones
 * that waited for it (GET /api/device-sends/pending). Each id is acted on once in this tab, however often
 * it comes (a lost acknowledgement brings it again, and a queued send comes both ways at load), and once in
 * the whole browser where it has Web Locks (every tab of the session gets it: `handled-sends.ts`). It is
 * acknowledged every time it comes, by every tab, so that the server stops repeating it.
 */
export function useDeviceSends(
  userId: string | undefined,
  { isRegistered, onReceive }: { isRegistered: boolean; onReceive: (send: DeviceSendPayload) => void },
): void {
  const { socket } = useSocket();
  const pending = usePendingSends(userId, { enabled: isRegistered });

  const receive = (send: DeviceSendPayload) => {
    focusedTabFirst()
      .then(() => handledSendsOfThisBrowser().claim(send.id))
      .then((isFirst) => {
        if (isFirst) onReceive(send);
      })
      .catch((error: unknown) => console.warn('A send could not be shown:', error));
    if (socket?.connected) {
      socket.emit('device:send-ack', { id: send.id });
    } else {
      // Pulled before the socket connected: unacknowledged, it would come again on the connect, so the HTTP
      // twin of `device:send-ack` tells the server now.
      call(DEVICE_SEND_ENDPOINTS.ack, { params: { id: send.id } }).catch((error: unknown) =>
        console.warn('A send could not be acknowledged:', error),
      );
    }
  };

  useUserEvent('device:send', receive);
  const receivePending = useEffectEvent((sends: DeviceSendPayload[]) => sends.forEach(receive));
  useEffect(() => {
    if (pending.data) receivePending(pending.data.sends);
  }, [pending.data]);
}
