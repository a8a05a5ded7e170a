import { DeviceIdParams, DeviceList, Device, RegisterDeviceRequest, UpdateDeviceRequest } from '../../schemas/devices';
import { defineEndpoints } from '../endpoint';

/**
 * The account's devices (browsers, installed apps, CLIs), each one session: managed from a signed-in browser
 * only (a token gets 403 `TOKEN_NOT_ALLOWED`), except the list, which a token that may send (`clips:write`)
 * reads to find its targets, and a rename. Another user's device, or an unknown id, is 404. Not to be confused with
 * DEVICE_SIGN_IN_ENDPOINTS, the device sign-in that makes a CLI one of these.
 */
export const DEVICE_ENDPOINTS = defineEndpoints({
  /**
   * The account's devices with `online` (a socket open on any node), `lastSeenAt`, `current` and
   * `receivePolicy`. A CLI's token is its device's session, so `current` marks the CLI itself.
   */
  list: { method: 'GET', scope: 'clips:write', path: '/devices', response: DeviceList },
  /**
   * The calling browser or installed app registers itself: 201 the first time, then 200 with the same
   * device (its name as it is now) for every later call of the same session. A name another device of the
   * account already reads as (trimmed, any case) is numbered: a third "Chromium on Linux" is
   * "Chromium on Linux 3".
   */
  register: { method: 'POST', path: '/devices', body: RegisterDeviceRequest, status: 201, response: Device },
  /**
   * Renames it and/or sets its receive policy (`{ name?, receivePolicy? }`); `accept` for a browser is 400
   * (only cli and app may take it); a name another of the account's devices has (trimmed, any case) is 409
   * `DEVICE_NAME_TAKEN`. A token with `clips:write` may rename its own device (`clipsync devices rename`), not
   * another one nor set a receive policy (403 `TOKEN_NOT_ALLOWED`).
   */
  update: {
    method: 'PATCH',
    scope: 'clips:write',
    path: '/devices/:id',
    params: DeviceIdParams,
    body: UpdateDeviceRequest,
    response: Device,
  },
  /** Signs the device out at once: its session is revoked, its calls answer 401 and its sockets close, on every node. */
  remove: { method: 'DELETE', path: '/devices/:id', params: DeviceIdParams, status: 204, response: null },
});
