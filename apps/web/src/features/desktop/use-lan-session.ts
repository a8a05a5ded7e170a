import type { Desktop } from '@clipsync/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LanSession } from '../../realtime/lan-session';
import { createLanSocket, type LanSocketFactory } from '../../realtime/lan-socket';
import { useToast } from '../../ui/use-toast';

/**
 * LAN Share on this page: one `LanSession` while the page lives, able to host `desktop` once
 * its user chooses to, its state rendered, its notices shown as toasts. Everything stops on Stop and when
 * the page is left (saying so when it was sharing).
 */
export function useLanSession(desktop: Desktop | undefined, createSocket: LanSocketFactory = createLanSocket) {
  const { t } = useTranslation();
  const toast = useToast();
  const [session] = useState(() => new LanSession(createSocket));
  const state = useSyncExternalStore(session.subscribe, session.getState);

  // Before the notices' effect: React releases effects in order on unmount, and leaving says that sharing
  // stopped while the notices still reach the toasts.
  useEffect(() => () => session.leave(), [session]);
  useEffect(
    () =>
      session.onNotice(({ tone, title, detail }) => {
        const description = detail && ('text' in detail ? t(detail.text) : detail.serverSays);
        toast[tone]({ title: t(title), description });
      }),
    [session, t, toast],
  );
  useEffect(() => session.setDesktop(desktop), [session, desktop]);

  return {
    ...state,
    start: () => session.start(),
    stop: () => session.stop(),
    share: () => session.share(),
    stopSharing: () => session.stopSharing(),
    rename: (name: string) => session.rename(name),
    closePanel: (peerId: string) => session.closePanel(peerId),
    connect: (peerId: string) => session.connect(peerId),
    checkNearby: (peerId: string) => session.checkNearby(peerId),
    setAutoConnect: (isOn: boolean) => session.setAutoConnect(isOn),
  };
}

export type LanSessionView = ReturnType<typeof useLanSession>;
