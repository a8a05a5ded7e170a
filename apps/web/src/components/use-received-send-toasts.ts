import type { Device, DeviceSendPayload } from '@clipsync/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyText } from '../lib/browser-files';
import { viewOfSend, type ReceivedSendView } from '../lib/device-send-preview';
import { toastStore, type ToastAction } from '../ui/toast-store';
import { useToast } from '../ui/use-toast';
import { createSendToastQueue } from './send-toast-queue';

/** The longest a toast stays open; hovering or focusing it holds it open. */
export const RECEIVED_TOAST_MS = 5000;

/**
 * Shows each received send as a toast, "From <device>: <preview>" with Copy and (for a clip) Open, one
 * after another: several may arrive at once (all that waited while the device was away). On a device that
 * accepts into the clipboard, the text is copied at once and the toast says so; when the browser refuses
 * (the window has no focus), it asks as usual.
 */
export function useReceivedSendToasts(thisDevice: Device | undefined): (send: DeviceSendPayload) => void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const accepts = thisDevice?.receivePolicy === 'accept';

  const actionsOf = useCallback(
    (view: ReceivedSendView) => {
      const copy: ToastAction | undefined = view.copyText?.length
        ? {
            label: t('deviceSends.copy'),
            onClick: () =>
              void copyText(view.copyText ?? '').then(
                () => toast.success({ title: t('deviceSends.copied') }),
                () => toast.error({ title: t('deviceSends.copyFailed') }),
              ),
          }
        : undefined;
      const open: ToastAction | undefined = view.clipId
        ? { label: t('deviceSends.open'), onClick: () => void navigate(`/clips/${view.clipId}`) }
        : undefined;
      return copy ? { action: copy, secondaryAction: open } : { action: open };
    },
    [t, toast, navigate],
  );

  const show = useCallback(
    async (send: DeviceSendPayload): Promise<string | undefined> => {
      const view = viewOfSend(send);
      const description =
        view.preview.kind === 'text'
          ? view.preview.text
          : view.preview.kind === 'files'
            ? t('deviceSends.files', { count: view.preview.count })
            : t('deviceSends.encryptedClip');
      const from = send.from.name;
      if (accepts && view.copyText) {
        const isCopied = await copyText(view.copyText).then(
          () => true,
          () => false,
        );
        if (isCopied) {
          const open = actionsOf({ ...view, copyText: undefined }).action;
          return toastStore.show({
            title: t('deviceSends.copiedFrom', { device: from }),
            description,
            duration: RECEIVED_TOAST_MS,
            ...(open ? { action: open } : {}),
          });
        }
      }
      return toastStore.show({
        title: t('deviceSends.from', { device: from }),
        description,
        duration: RECEIVED_TOAST_MS,
        ...actionsOf(view),
      });
    },
    [accepts, actionsOf, t],
  );

  // The queue outlives renders; it shows each send with the latest words and policy.
  const [queue] = useState(() => createSendToastQueue(toastStore));
  useEffect(() => queue.start(), [queue]);
  useEffect(() => queue.showWith(show), [queue, show]);

  return queue.push;
}
