import type { DeviceSendPayload } from '@clipsync/shared';
import type { ClipFileRow, ClipRow } from '../../clips/clip-columns';
import { toFileSummary } from '../../clips/clips.presenter';
import type { DeviceSendRow } from './device-sends.context';

/**
 * A send as its device gets it (`device:send`, `GET /device-sends/pending`): text, or the clip as it is now
 * (its text, whether it is end-to-end encrypted, and its files as links).
 */
export function presentDeviceSend(
  row: DeviceSendRow,
  clip?: { row: ClipRow; files: ClipFileRow[] },
): DeviceSendPayload {
  const payload: DeviceSendPayload = {
    id: row.id,
    from: { deviceId: row.fromDeviceId, name: row.fromName },
    sentAt: row.createdAt.toISOString(),
  };
  if (row.text !== null) payload.text = row.text;
  if (row.text !== null && row.wrappedKey !== null) payload.wrappedKey = row.wrappedKey;
  if (clip) {
    payload.clip = {
      id: clip.row.id,
      content: clip.row.content,
      encrypted: clip.row.encrypted,
      files: clip.files.map(toFileSummary),
    };
  }
  return payload;
}
