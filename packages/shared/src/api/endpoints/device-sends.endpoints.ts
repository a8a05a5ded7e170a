import {
  CreateDeviceSendRequest,
  CreatedDeviceSends,
  DeviceSendIdParams,
  PendingDeviceSends,
} from '../../schemas/device-sends';
import { defineEndpoints } from '../endpoint';

/**
 * Sending text or a clip to the caller's own devices (docs/features.md#my-devices). Delivered over each device's socket as
 * `device:send` and kept until it acknowledges with `device:send-ack` (sent again every 30 s until then, and
 * on every connect); expires after 7 days. Files: make a clip with them first, then send its `clipId`.
 */
export const DEVICE_SEND_ENDPOINTS = defineEndpoints({
  /**
   * 201 with one send per device. 404 when any device of `to` is unknown, another user's or signed out;
   * 403 for the calling device itself; 409 `DEVICE_NOT_RECEIVING` (with `deviceIds`) when a device's policy
   * is `off`; 404 for a clip not the caller's; 413 `QUOTA_EXCEEDED` when the waiting text would not fit the
   * sender's storage; 429 over DEVICE_SENDS_PER_MINUTE.
   */
  create: {
    method: 'POST',
    scope: 'clips:write',
    path: '/device-sends',
    body: CreateDeviceSendRequest,
    status: 201,
    response: CreatedDeviceSends,
  },
  /** What waits for the calling device (not yet acknowledged, not expired), oldest first; a pull beside the socket. */
  pending: { method: 'GET', scope: 'clips:read', path: '/device-sends/pending', response: PendingDeviceSends },
  /**
   * The HTTP twin of `device:send-ack`, for a client that pulled: the calling device has it. 204 also for an
   * id already acknowledged; 404 for an unknown id or one addressed to another device.
   */
  ack: {
    method: 'POST',
    scope: 'clips:read',
    path: '/device-sends/:id/ack',
    params: DeviceSendIdParams,
    status: 204,
    response: null,
  },
});
