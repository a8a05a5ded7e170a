import {
  DeviceSignInApprovalRequest,
  DeviceCodeRequest,
  DeviceCodeResponse,
  DeviceSignInDetails,
  DeviceTokenRequest,
  DeviceTokenResponse,
  DeviceSignInUserCodeRequest,
} from '../../schemas/device-sign-in';
import { defineEndpoints } from '../endpoint';

/**
 * Device sign-in (RFC 8628). `code` and `token` are the device's, signed out; `lookup`, `approve` and
 * `deny` are the approving browser's, signed in (a token cannot approve a device).
 */
export const DEVICE_SIGN_IN_ENDPOINTS = defineEndpoints({
  code: { method: 'POST', path: '/device/code', body: DeviceCodeRequest, response: DeviceCodeResponse },
  /**
   * The device's polling: the token once approved (single use); until then 400 with RFC 8628's
   * `{ error: 'authorization_pending' | 'slow_down' | 'access_denied' | 'expired_token' }` and a `code`.
   */
  token: { method: 'POST', path: '/device/token', body: DeviceTokenRequest, response: DeviceTokenResponse },
  /**
   * The client's name, the scopes it asks, when and from which network (compared with the caller's) it asked;
   * 404 for an unknown, used or expired code, 429 after many.
   */
  lookup: { method: 'POST', path: '/device/lookup', body: DeviceSignInUserCodeRequest, response: DeviceSignInDetails },
  /** Grants the scopes named, each one the device asked for (else 400). */
  approve: { method: 'POST', path: '/device/approve', body: DeviceSignInApprovalRequest, status: 204, response: null },
  deny: { method: 'POST', path: '/device/deny', body: DeviceSignInUserCodeRequest, status: 204, response: null },
});
