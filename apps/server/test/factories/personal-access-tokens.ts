import type { TokenScope } from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import { as, type Caller } from '../as';

/** A personal access token as its creation answers it once (the secret is never shown again). */
export interface TestToken {
  id: string;
  token: string;
  /** The token as a caller of `as(…)`: requests made with it, as a script would make them. */
  caller: Caller;
}

/** A personal access token of `owner`'s, made through the API as the settings page makes one (201). */
export async function createPersonalAccessToken(
  testApp: { app: FastifyInstance },
  owner: Caller,
  { name = 'test token', scopes = ['clips:read', 'clips:write'] }: { name?: string; scopes?: TokenScope[] } = {},
): Promise<TestToken> {
  const res = await as(testApp, owner).post('/api/tokens', { name, scopes });
  if (res.statusCode !== 201) throw new Error(`createPersonalAccessToken: ${res.statusCode} ${res.body}`);
  const { id, token } = res.json<{ id: string; token: string }>();
  return { id, token, caller: { tokens: { access_token: token } } };
}
