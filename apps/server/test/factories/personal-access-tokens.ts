import { TOKEN_ENDPOINTS, type TokenScope } from '@clipsync/shared';
import type { TestApiClient } from '../api-client';
import type { Caller } from '../as';

/** A personal access token as its creation answers it once (the secret is never shown again). */
export interface TestToken {
  id: string;
  token: string;
  /** The token as a caller of `as(…)` or `api(…)`: requests made with it, as a script would make them. */
  caller: Caller;
}

/** A personal access token of `owner`'s, made through the API as the settings page makes one (201). */
export async function createPersonalAccessToken(
  api: (caller: Caller) => TestApiClient,
  owner: Caller,
  { name = 'test token', scopes = ['clips:read', 'clips:write'] }: { name?: string; scopes?: TokenScope[] } = {},
): Promise<TestToken> {
  const { id, token } = await api(owner).call(TOKEN_ENDPOINTS.create, { body: { name, scopes } });
  return { id, token, caller: { tokens: { access_token: token } } };
}
