import { sendFilesDirectly } from '../lib/near/file-transfer';
import { openNearLink } from '../lib/near/near-link';
import { nearSignalHubOf } from './near-signal-hub';
import type { RealtimeSocket } from './socket-client';

interface DirectSend {
  socket: RealtimeSocket;
  deviceId: string;
  /** This device's name, shown by the receiver. */
  fromName: string;
  files: readonly File[];
  onProgress?: (file: File, fraction: number) => void;
}

/**
 * Files straight to another of the account's devices over a host-only link (decision 030), opening a new
 * link to resume when one drops. Rejects with NearUnreachableError when no link opens, with
 * DirectTransferRefusedError when the device refuses, or TransferInterruptedError when it keeps dropping.
 */
export function sendFilesToDeviceDirectly({ socket, deviceId, fromName, files, onProgress }: DirectSend) {
  const hub = nearSignalHubOf(socket);
  const outgoing = files.map((file) => ({ id: crypto.randomUUID(), file, from: fromName }));
  return sendFilesDirectly(
    outgoing,
    () => openNearLink({ signaller: hub.linkWith(deviceId), role: { kind: 'initiator' } }),
    (sent, fraction) => onProgress?.(sent.file, fraction),
  );
}
