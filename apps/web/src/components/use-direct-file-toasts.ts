import type { Device } from '@clipsync/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/browser-files';
import { createFileReceiver, type ReceivedFile } from '../lib/near/file-transfer';
import type { LinkServer } from '../realtime/use-near-responder';
import { toastStore } from '../ui/toast-store';
import { createSendToastQueue } from './send-toast-queue';
import { RECEIVED_TOAST_MS } from './use-received-send-toasts';

/**
 * Files another of the account's devices sends straight over a direct link: refused while this device's
 * receiving is off (as the server refuses a send), otherwise each whole file shows as a toast
 * "<device> sent you <file>" with Save, one after another like the sends that come through the server.
 * Returns what the responder hands each link to.
 */
export function useDirectFileToasts(thisDevice: Device | undefined): LinkServer {
  const { t } = useTranslation();
  const [queue] = useState(() => createSendToastQueue<ReceivedFile>(toastStore));
  useEffect(() => queue.start(), [queue]);
  const show = useCallback(
    async ({ fromName, file }: ReceivedFile) =>
      toastStore.show({
        title: t('nearFiles.received', { name: fromName || t('deviceSends.unknownDevice'), file: file.name }),
        duration: RECEIVED_TOAST_MS,
        action: { label: t('nearFiles.save'), onClick: () => saveBlob(file, file.name) },
      }),
    [t],
  );
  useEffect(() => queue.showWith(show), [queue, show]);

  const [receiver] = useState(() => createFileReceiver({ onFile: queue.push }));
  const isOff = thisDevice?.receivePolicy === 'off';
  useEffect(() => receiver.setAccepting(!isOff), [receiver, isOff]);
  return receiver.serve;
}
