import { PushSettings, SubscribePushRequest, UpdatePushPreferencesRequest } from '../../schemas/web-push';
import { defineEndpoints } from '../endpoint';

/**
 * Web Push for the calling device (a browser or installed app session that registered as a device; a token
 * gets 403 `TOKEN_NOT_ALLOWED`, a session that is no device yet 409 `CONFLICT`). Turned on only when the person
 * asks (the browser's permission prompt is the web's), per device and per kind.
 */
export const WEB_PUSH_ENDPOINTS = defineEndpoints({
  /** The VAPID public key, whether this device is subscribed, and its preferences (the defaults until set). */
  settings: { method: 'GET', path: '/devices/current/push', response: PushSettings },
  /**
   * Stores the browser's subscription for this device, replacing an earlier one, with optional preferences.
   * An endpoint that is not https (loopback aside) is 400; one whose host resolves into a private network
   * (loopback, LAN, link-local…) is 422 `PUSH_SERVICE_NOT_ALLOWED`, unless the operator trusts the host
   * (PUSH_TRUSTED_HOSTS, a self-hosted push server).
   */
  subscribe: { method: 'PUT', path: '/devices/current/push', body: SubscribePushRequest, response: PushSettings },
  /** Changes some preferences; a followed room the account is not a member of is 404. */
  update: {
    method: 'PATCH',
    path: '/devices/current/push',
    body: UpdatePushPreferencesRequest,
    response: PushSettings,
  },
  /** Removes this device's subscription (its preferences stay for the next time). 204 also when there was none. */
  unsubscribe: { method: 'DELETE', path: '/devices/current/push', status: 204, response: null },
});
