import { CLIP_ENDPOINTS, DEVICE_SEND_ENDPOINTS } from '@clipsync/shared';
import { call, type ProgressListener } from './client';
import { clipsApi } from './clips-api';

/**
 * Files to one of the account's devices the usual way: a new clip holding them, then a send of that clip.
 * The device is asked last, so a device whose receiving is off answers 409 `DEVICE_NOT_RECEIVING` then
 * (the clip stays in the sender's history). `onProgress` gets each file's share of the whole upload.
 */
export async function sendFilesThroughServer(
  deviceId: string,
  files: readonly File[],
  onProgress?: (file: File, fraction: number) => void,
) {
  const clip = await call(CLIP_ENDPOINTS.create, { body: { content: '' } });
  for (const file of files) {
    const progress: ProgressListener = (fraction) => onProgress?.(file, fraction);
    await clipsApi.uploadFile(clip.id, file, progress);
  }
  return call(DEVICE_SEND_ENDPOINTS.create, { body: { to: [deviceId], clipId: clip.id } });
}
