import type { Device } from '@clipsync/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/browser-files';
import { createFileReceiver } from '../lib/near/file-transfer';
import { receivedFiles, type HeldFile, type ReceivedFiles } from '../lib/near/received-files';
import type { LinkServer } from '../realtime/use-near-responder';
import { toastStore } from '../ui/toast-store';
import { createSendToastQueue } from './send-toast-queue';
import { RECEIVED_TOAST_MS } from './use-received-send-toasts';

/**
 * Files another of the account's devices sends straight over a direct link: refused while this device's
 * receiving is off (as the server refuses a send), otherwise each whole file shows as a toast
 * "<device> sent you <file>" with Save, one after another like the sends that come through the server. The
 * file itself is held (ReceivedFilesTray lists it) until it is saved or dismissed: nothing else has a copy.
 * Returns what the responder hands each link to.
 */
export function useDirectFileToasts(thisDevice: Device | undefined, files: ReceivedFiles = receivedFiles): LinkServer {
  const { t } = useTranslation();
  const [queue] = useState(() => createSendToastQueue<HeldFile>(toastStore));
  useEffect(() => queue.start(), [queue]);
  const show = useCallback(
    async ({ id, fromName, file }: HeldFile) =>
      toastStore.show({
        title: t('nearFiles.received', { name: fromName || t('deviceSends.unknownDevice'), file: file.name }),
        duration: RECEIVED_TOAST_MS,
        action: {
          label: t('nearFiles.save'),
          onClick: () => {
            saveBlob(file, file.name);
            files.release(id);
          },
        },
      }),
    [t, files],
  );
  useEffect(() => queue.showWith(show), [queue, show]);

  const [receiver] = useState(() =>
    createFileReceiver({ onFile: (received) => queue.push(files.hold(received)), heldBytes: files.heldBytes }),
  );
  const isOff = thisDevice?.receivePolicy === 'off';
  useEffect(() => receiver.setAccepting(!isOff), [receiver, isOff]);
  return receiver.serve;
}
