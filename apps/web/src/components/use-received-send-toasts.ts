import type { Device } from '@clipsync/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { copyText } from '../lib/browser-files';
import { formatFileSize } from '../lib/file-size';
import { viewOfSend, type ReceivedSend, type ReceivedSendView } from '../lib/device-send-preview';
import { isCopyAskedFor } from '../pwa/notification-link';
import { toastStore, type ToastAction } from '../ui/toast-store';
import { useToast } from '../ui/use-toast';
import { createSendToastQueue } from './send-toast-queue';

/** "report.pdf (1.2 MB)", or "… and 2 more files", in the size words the clip pages use. */
function attachmentText(attachment: NonNullable<ReceivedSendView['attachment']>, t: TFunction): string {
  const named = { file: attachment.name, size: formatFileSize(attachment.size) };
  return attachment.more > 0
    ? t('deviceSends.fileAndMore', { ...named, count: attachment.more })
    : t('deviceSends.fileWithSize', named);
}

/** Where this device unlocks the account's clipboard key, for a sealed send that came to it locked. */
const UNLOCK_PATH = '/settings/privacy';

/** What the toast says of a send's words, when it has any to say. */
function previewText(view: ReceivedSendView, attachment: string | undefined, t: TFunction): string | undefined {
  switch (view.preview.kind) {
    case 'text':
      return view.preview.text;
    case 'encrypted':
      return t('deviceSends.encryptedClip');
    case 'locked':
      return t('sealedClipboard.locked');
    case 'sealedFailed':
      return t('deviceSends.sealedFailed');
    case 'files':
      return attachment ? undefined : t('deviceSends.files', { count: view.preview.count });
  }
}

/** The longest a toast stays open; hovering or focusing it holds it open. */
export const RECEIVED_TOAST_MS = 5000;

/**
 * Shows each received send as a toast, "From <device>: <preview>" (or "<device> sent report.pdf (1.2 MB)" for a
 * clip with files) with Copy and (for a clip) Open, one
 * after another: several may arrive at once (all that waited while the device was away). On a device that
 * accepts into the clipboard, or a page a notification's Copy opened on the send, the text is copied at once
 * and the toast says so; when the browser refuses
 * (the window has no focus), it asks as usual. A sealed send (`use-device-sends` opened it) shows and copies its
 * opened text, or "Locked" with the way to unlock, or that it did not open: never its envelope.
 */
export function useReceivedSendToasts(thisDevice: Device | undefined): (send: ReceivedSend) => void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const accepts = thisDevice?.receivePolicy === 'accept';
  const { search } = useLocation();

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
      // Sealed text that came locked opens nowhere else: the way to unlock takes Open's place.
      const open: ToastAction | undefined = view.clipId
        ? { label: t('deviceSends.open'), onClick: () => void navigate(`/clips/${view.clipId}`) }
        : view.preview.kind === 'locked'
          ? { label: t('sealedClipboard.unlock'), onClick: () => void navigate(UNLOCK_PATH) }
          : undefined;
      return copy ? { action: copy, secondaryAction: open } : { action: open };
    },
    [t, toast, navigate],
  );

  const show = useCallback(
    async (send: ReceivedSend): Promise<string | undefined> => {
      const view = viewOfSend(send);
      const from = send.from.name;
      const attachment = view.attachment && attachmentText(view.attachment, t);
      const preview = previewText(view, attachment, t);
      // A notification's Copy opened this page on the send: the worker could not copy, the page does.
      const isCopyWanted = accepts || isCopyAskedFor(send.id, search);
      if (isCopyWanted && view.copyText) {
        const isCopied = await copyText(view.copyText).then(
          () => true,
          () => false,
        );
        if (isCopied) {
          const open = actionsOf({ ...view, copyText: undefined }).action;
          const alsoSent = attachment && t('deviceSends.alsoSent', { attachment });
          const description = [preview, alsoSent].filter(Boolean).join(' · ');
          return toastStore.show({
            title: t('deviceSends.copiedFrom', { device: from }),
            ...(description ? { description } : {}),
            duration: RECEIVED_TOAST_MS,
            ...(open ? { action: open } : {}),
          });
        }
      }
      // A file is what the person looks for first: the title names it, the text (if any) follows.
      return toastStore.show({
        title: attachment
          ? t('deviceSends.sentAttachment', { device: from, attachment })
          : t('deviceSends.from', { device: from }),
        ...(preview ? { description: preview } : {}),
        duration: RECEIVED_TOAST_MS,
        ...actionsOf(view),
      });
    },
    [accepts, actionsOf, search, t],
  );

  // The queue outlives renders; it shows each send with the latest words and policy.
  const [queue] = useState(() => createSendToastQueue<ReceivedSend>(toastStore));
  useEffect(() => queue.start(), [queue]);
  useEffect(() => queue.showWith(show), [queue, show]);

  return queue.push;
}
