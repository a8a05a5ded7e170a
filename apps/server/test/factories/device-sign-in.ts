import type { TokenScope } from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import { as, type Caller } from '../as';

export interface DeviceSignInInput {
  /** The name the CLI gives itself; its device is listed under it. */
  clientName: string;
  /** What the owner leaves ticked in the browser. */
  scopes?: TokenScope[];
  /** What the CLI asks for with its code; absent, it asks for nothing in particular. */
  requestedScopes?: TokenScope[];
}

/**
 * A CLI signed in by the whole device sign-in, as `clipsync login` does it: its code asked for signed out,
 * approved by `owner` in the browser (204), then the token fetched with the device code (200).
 */
export async function signInByDevice(
  testApp: { app: FastifyInstance },
  owner: Caller,
  { clientName, scopes = ['clips:read', 'clips:write'], requestedScopes }: DeviceSignInInput,
): Promise<{ accessToken: string; caller: Caller }> {
  const asked = await as(testApp, null).post('/api/device/code', {
    clientName,
    ...(requestedScopes ? { scopes: requestedScopes } : {}),
  });
  if (asked.statusCode !== 200) throw new Error(`signInByDevice (code): ${asked.statusCode} ${asked.body}`);
  const code = asked.json<{ device_code: string; user_code: string }>();
  const approved = await as(testApp, owner).post('/api/device/approve', { userCode: code.user_code, scopes });
  if (approved.statusCode !== 204) throw new Error(`signInByDevice (approve): ${approved.statusCode} ${approved.body}`);
  const granted = await as(testApp, null).post('/api/device/token', { device_code: code.device_code });
  if (granted.statusCode !== 200) throw new Error(`signInByDevice (token): ${granted.statusCode} ${granted.body}`);
  const accessToken = granted.json<{ access_token: string }>().access_token;
  return { accessToken, caller: { tokens: { access_token: accessToken } } };
}
