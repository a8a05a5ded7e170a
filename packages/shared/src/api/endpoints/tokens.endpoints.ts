import { CreateTokenRequest, CreatedToken, CurrentToken, TokenIdParams, TokenList } from '../../schemas/tokens';
import { SELF_SCOPE, defineEndpoints } from '../endpoint';

/**
 * Personal access tokens, managed from a signed-in browser only: a token can neither list, create nor
 * revoke tokens. The token itself is answered once, by its creation.
 */
export const TOKEN_ENDPOINTS = defineEndpoints({
  list: { method: 'GET', path: '/tokens', response: TokenList },
  /** 409 `TOKEN_LIMIT_REACHED` once the user holds the most tokens allowed; 429 over the creations per minute. */
  create: { method: 'POST', path: '/tokens', body: CreateTokenRequest, status: 201, response: CreatedToken },
  /** Revokes at once: the token's next call is refused and its sockets are closed, on every node. */
  revoke: { method: 'DELETE', path: '/tokens/:id', params: TokenIdParams, status: 204, response: null },
  /** The calling token and its owner: any token may ask about itself; 404 for a browser session. */
  current: { method: 'GET', scope: SELF_SCOPE, path: '/tokens/current', response: CurrentToken },
  /**
   * Ends the calling token at once, as `revoke` does (a CLI's sign-out): a token can end itself, never
   * another (`revoke` refuses tokens). 404 for a browser session, which signs out with `/auth/logout`.
   */
  revokeCurrent: { method: 'DELETE', scope: SELF_SCOPE, path: '/tokens/current', status: 204, response: null },
});
