import { CLIP_ENDPOINTS, DEVICE_SEND_ENDPOINTS, type DeviceSendPayload } from '@clipsync/shared';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { call } from '../api/client';
import { usePendingSends } from '../api/device-queries';
import { isSealedSend, openSealedSend, type ReceivedSend } from '../lib/device-send-preview';
import { handledSendsOfThisBrowser } from '../lib/handled-sends';
import { useSealedClipboard } from '../session/use-sealed-clipboard';
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
 * The account's sealing key once it is known whether this device holds it (`null`: locked, or not sealed): a
 * sealed send that comes while the status or the kept key is still being read waits for them.
 */
function useSettledSealingKey(): () => Promise<CryptoKey | null> {
  const sealed = useSealedClipboard();
  const isSettled = sealed.state !== 'loading';
  const sealingKey = sealed.state === 'unlocked' ? sealed.sealingKey : null;
  const latest = useRef<{ isSettled: boolean; sealingKey: CryptoKey | null }>({ isSettled: false, sealingKey: null });
  const [waiting] = useState(() => new Set<() => void>());
  useEffect(() => {
    latest.current = { isSettled, sealingKey };
    if (!isSettled) return;
    waiting.forEach((settle) => settle());
    waiting.clear();
  }, [isSettled, sealingKey, waiting]);
  return useCallback(
    () =>
      new Promise((resolve) => {
        const settle = () => resolve(latest.current.sealingKey);
        if (latest.current.isSettled) settle();
        else waiting.add(settle);
      }),
    [waiting],
  );
}

/** The owner's copy of a clip, which carries its wrapped key when the clipboard sealed it. */
const readClip = (id: string) => call(CLIP_ENDPOINTS.get, { params: { id } });

/**
 * Sends addressed to this device: `device:send` on its session's channel, and once per page load the ones
 * that waited for it (GET /api/device-sends/pending). Each id is acted on once in this tab, however often
 * it comes (a lost acknowledgement brings it again, and a queued send comes both ways at load), and once in
 * the whole browser where it has Web Locks (every tab of the session gets it: `handled-sends.ts`). It is
 * acknowledged every time it comes, by every tab, so that the server stops repeating it.
 *
 * A sealed send (the account's clipboard is encrypted end to end) is opened here before it is acted on. Sealed
 * text that comes to a locked tab is held: shown once as "Locked", neither acknowledged nor claimed, since an
 * acknowledged send's text is gone from the server. The server hands it over again every 30 s, so the tab opens
 * it once unlocked (or another, unlocked tab does).
 */
export function useDeviceSends(
  userId: string | undefined,
  { isRegistered, onReceive }: { isRegistered: boolean; onReceive: (send: ReceivedSend) => void },
): void {
  const { socket } = useSocket();
  const pending = usePendingSends(userId, { enabled: isRegistered });
  const settledSealingKey = useSettledSealingKey();
  // Held sealed sends this tab has shown as locked: their repeats show nothing more.
  const [shownLocked] = useState(() => new Set<string>());

  const acknowledge = (send: DeviceSendPayload) => {
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

  const receive = (send: DeviceSendPayload) => {
    if (!send.wrappedKey) acknowledge(send);
    const sealingKey = isSealedSend(send) ? settledSealingKey() : Promise.resolve(null);
    sealingKey
      .then(async (key) => {
        if (send.wrappedKey) {
          if (!key) {
            if (shownLocked.has(send.id)) return;
            shownLocked.add(send.id);
            onReceive({ ...send, opened: { state: 'locked' } });
            return;
          }
          // Acknowledged even when it does not open: it never will, with this account's key.
          acknowledge(send);
        }
        await focusedTabFirst();
        if (!(await handledSendsOfThisBrowser().claim(send.id))) return;
        onReceive(isSealedSend(send) ? { ...send, opened: await openSealedSend(send, key, readClip) } : send);
      })
      .catch((error: unknown) => console.warn('A send could not be shown:', error));
  };

  useUserEvent('device:send', receive);
  const receivePending = useEffectEvent((sends: DeviceSendPayload[]) => sends.forEach(receive));
  useEffect(() => {
    if (pending.data) receivePending(pending.data.sends);
  }, [pending.data]);
}
