import { DEVICE_SIGN_IN_ENDPOINTS, type DeviceSignInScope } from '@clipsync/shared';
import type { TestApiClient } from '../api-client';
import type { Caller } from '../as';

export interface DeviceSignInInput {
  /** The name the CLI gives itself; its device is listed under it. */
  clientName: string;
  /** What the owner leaves ticked in the browser. */
  scopes?: DeviceSignInScope[];
  /** What the CLI asks for with its code; absent, it asks for nothing in particular. */
  requestedScopes?: DeviceSignInScope[];
}

/**
 * A CLI signed in by the whole device sign-in, as `clipsync login` does it: its code asked for signed out,
 * approved by `owner` in the browser (204), then the token fetched with the device code (200).
 */
export async function signInByDevice(
  api: (caller?: Caller | null) => TestApiClient,
  owner: Caller,
  { clientName, scopes = ['clips:read', 'clips:write'], requestedScopes }: DeviceSignInInput,
): Promise<{ accessToken: string; caller: Caller }> {
  const code = await api().call(DEVICE_SIGN_IN_ENDPOINTS.code, {
    body: { clientName, ...(requestedScopes ? { scopes: requestedScopes } : {}) },
  });
  await api(owner).call(DEVICE_SIGN_IN_ENDPOINTS.approve, { body: { userCode: code.user_code, scopes } });
  const granted = await api().call(DEVICE_SIGN_IN_ENDPOINTS.token, { body: { device_code: code.device_code } });
  return { accessToken: granted.access_token, caller: { tokens: { access_token: granted.access_token } } };
}
