import { z } from 'zod';
import { DeviceSendPayload } from '../events';
import { DEVICE_SEND_TARGETS_MAX } from '../limits';
import { ClipContent, ResourceId, WrappedClipKey } from './clips';

/**
 * Sending text or a clip to some of the caller's own devices (docs/api.md#device-sends). A send
 * is kept in the database until its device acknowledges it over its socket (`device:send-ack`), so it is
 * delivered live, or queued and delivered when the device's socket next opens, and never acted on twice:
 * the device recognises a repeat by the send's id. Files go as a clip: make the clip with them (the usual
 * upload path), then send its `clipId`; the device gets the clip's text and its files as links.
 */
export const CreateDeviceSendRequest = z
  .object({
    /** The caller's own devices, other than the calling one; each at most once. */
    to: z
      .array(ResourceId)
      .min(1)
      .max(DEVICE_SEND_TARGETS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'Each device once'),
    text: ClipContent.optional(),
    /** A clip of the caller's: its text and files are delivered (files as links). */
    clipId: ResourceId.optional(),
    /**
     * A sealed account's text send: `text` is an envelope (`EncryptedClipContent`) sealed with the clip key this
     * wraps with the account's sealing key. A sealed account's text send without it is refused 409 `CLIPBOARD_SEALED`.
     */
    wrappedKey: WrappedClipKey.optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.clipId === undefined), {
    message: 'Send either text or a clipId',
    path: ['text'],
  });
export type CreateDeviceSendRequest = z.infer<typeof CreateDeviceSendRequest>;

/**
 * `delivered`: handed to an open socket of that device just now (not yet acknowledged: it is sent again
 * until it is); `queued`: the device has no socket open, it gets it when it next connects (within 7 days).
 */
export const DeviceSendStatus = z.enum(['delivered', 'queued']);
export type DeviceSendStatus = z.infer<typeof DeviceSendStatus>;

export const DeviceSendResult = z.object({ id: ResourceId, deviceId: ResourceId, status: DeviceSendStatus });
export type DeviceSendResult = z.infer<typeof DeviceSendResult>;

/** `POST /api/device-sends`' answer (201): one send per device, in the order of `to`. */
export const CreatedDeviceSends = z.object({ sends: z.array(DeviceSendResult) });
export type CreatedDeviceSends = z.infer<typeof CreatedDeviceSends>;

/** `GET /api/device-sends/pending`: what waits for the calling device, oldest first, as `device:send` carries it. */
export const PendingDeviceSends = z.object({ sends: z.array(DeviceSendPayload) });
export type PendingDeviceSends = z.infer<typeof PendingDeviceSends>;

export const DeviceSendIdParams = z.object({ id: ResourceId });
export type DeviceSendIdParams = z.infer<typeof DeviceSendIdParams>;
