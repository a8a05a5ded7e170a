import type { Device } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useDeviceCache } from '../../api/device-queries';
import { sendFilesThroughServer } from '../../api/send-files-through-server';
import { DirectTransferRefusedError, TransferInterruptedError } from '../../lib/near/file-transfer';
import { hasWebRtc, NearUnreachableError } from '../../lib/near/near-link';
import { isProvedNear } from '../../lib/near/nearness';
import { sendFilesToDeviceDirectly } from '../../realtime/send-files-directly';
import { useSocket } from '../../realtime/socket-context';

export type FilesRoute = 'direct' | 'server';

export interface SendProgress {
  name: string;
  fraction: number;
}

/** Why a direct send gives way to the server: no link, a refusal, or a link that kept dropping. */
const isReasonToGoThroughServer = (error: unknown) =>
  error instanceof NearUnreachableError ||
  error instanceof DirectTransferRefusedError ||
  error instanceof TransferInterruptedError;

/**
 * "Send files" to another device: straight over a direct link when the pair is proved near and this browser
 * has WebRTC, otherwise (or when the link cannot open, is refused or keeps dropping) through the server as a
 * clip of those files. Resolves with the way they went; files that already arrived directly are not sent again.
 */
export function useSendFiles(device: Device) {
  const { socket } = useSocket();
  const cache = useDeviceCache();
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const track = (file: File, fraction: number) => setProgress({ name: file.name, fraction });

  const mutation = useMutation({
    mutationFn: async (files: readonly File[]): Promise<FilesRoute> => {
      // Known to refuse: said at once, before files are uploaded for a send the server would refuse (409).
      if (device.receivePolicy === 'off') {
        throw new ApiError('This device does not receive sends', 409, 'DEVICE_NOT_RECEIVING');
      }
      const arrived = new Set<File>();
      if (socket && hasWebRtc() && isProvedNear(device)) {
        try {
          await sendFilesToDeviceDirectly({
            socket,
            deviceId: device.id,
            fromName: cache.currentDevice()?.name ?? '',
            files,
            onProgress: (file, fraction) => {
              if (fraction >= 1) arrived.add(file);
              track(file, fraction);
            },
          });
          return 'direct';
        } catch (error) {
          if (!isReasonToGoThroughServer(error)) throw error;
        }
      }
      await sendFilesThroughServer(
        device.id,
        files.filter((file) => !arrived.has(file)),
        track,
      );
      return 'server';
    },
    onSettled: () => setProgress(null),
    // A device whose receiving was turned off meanwhile: the list learns it.
    onError: () => void cache.refetchList(),
  });
  return { ...mutation, progress };
}
