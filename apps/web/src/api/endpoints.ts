import {
  AUTH_ENDPOINTS,
  BILLING_ENDPOINTS,
  CLIP_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  DEVICE_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  DEVICE_SIGN_IN_ENDPOINTS,
  NEARNESS_ENDPOINTS,
  NETWORK_ENDPOINTS,
  ROOM_ENDPOINTS,
  SHARE_CLAIM_ENDPOINTS,
  TOKEN_ENDPOINTS,
} from '@clipsync/shared';
import type { Endpoint } from './endpoint';

/**
 * Every server call the web app makes, from the shared endpoint table (method, path under `/api`, schemas),
 * with what only the web app needs to know of them. Nothing else in the app names a path.
 */

/** A 401 from this call is the answer to what was typed, so the client must not refresh and retry. */
const credentialCheck = <E extends Endpoint>(endpoint: E) => ({ ...endpoint, isCredentialCheck: true as const });

export const authEndpoints = {
  ...AUTH_ENDPOINTS,
  register: credentialCheck(AUTH_ENDPOINTS.register),
  login: credentialCheck(AUTH_ENDPOINTS.login),
  /** Sent by the client itself, with the refresh token in its header. */
  refresh: credentialCheck(AUTH_ENDPOINTS.refresh),
  forgotPassword: credentialCheck(AUTH_ENDPOINTS.forgotPassword),
};

export const clipEndpoints = CLIP_ENDPOINTS;

export const shareClaimEndpoints = SHARE_CLAIM_ENDPOINTS;
export const networkEndpoints = NETWORK_ENDPOINTS;
export const roomEndpoints = ROOM_ENDPOINTS;
export const desktopEndpoints = DESKTOP_ENDPOINTS;
export const billingEndpoints = BILLING_ENDPOINTS;
export const tokenEndpoints = TOKEN_ENDPOINTS;
export const deviceSignInEndpoints = DEVICE_SIGN_IN_ENDPOINTS;
/** The account's devices (browsers, installed apps, CLIs); `deviceSignInEndpoints` is the CLI's sign-in. */
export const deviceEndpoints = DEVICE_ENDPOINTS;
export const deviceSendEndpoints = DEVICE_SEND_ENDPOINTS;
/** A device's key and the proof that two devices are near (decision 030). */
export const nearnessEndpoints = NEARNESS_ENDPOINTS;
