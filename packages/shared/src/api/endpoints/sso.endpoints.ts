import { LoginResponse } from '../../schemas/auth';
import {
  SsoAccountLink,
  SsoCallbackQuery,
  SsoLinkRequest,
  SsoLinkStarted,
  SsoSettings,
  SsoStartQuery,
} from '../../schemas/sso';
import { defineEndpoints } from '../endpoint';

/**
 * Sign-in through the team's OpenID Connect provider. `start` and `callback` are top-level browser
 * navigations that answer redirects; without OIDC_* settings they do not exist (404) and `settings` says so.
 */
export const SSO_ENDPOINTS = defineEndpoints({
  settings: { method: 'GET', path: '/auth/sso', response: SsoSettings },
  /** Redirects (302) to the provider, keeping state, nonce and PKCE verifier for the callback (10 minutes, one use). */
  start: { method: 'GET', path: '/auth/sso/start', query: SsoStartQuery, status: 302 },
  /**
   * The provider's redirect back: checks the sign-in, sets a one-use hand-off code in an httpOnly cookie (2
   * minutes) and redirects (302) to the web's completion page with only `return_to`, or to the refusal page
   * with a code (SSO_REFUSAL_CODES).
   */
  callback: { method: 'GET', path: '/auth/sso/callback', query: SsoCallbackQuery, status: 302 },
  /**
   * The completion page trades this browser's hand-off cookie (read and spent) for a session, answered as a
   * password sign-in answers it. 401 `SSO_HANDOFF_INVALID` without the cookie, or when it is used or expired.
   */
  complete: { method: 'POST', path: '/auth/sso/complete', response: LoginResponse, credentialCheck: true },
  /**
   * The signed-in account links its identity at the provider: answers the provider's URL for the browser to
   * open (with the state cookie); the callback attaches the identity and returns to `returnTo`, refusing
   * one that belongs to another account (`identity_taken`).
   */
  link: { method: 'POST', path: '/account/sso/link', body: SsoLinkRequest, response: SsoLinkStarted },
  account: { method: 'GET', path: '/account/sso', response: SsoAccountLink },
  /** 409 while the identity is the only way in (the account has no password). */
  unlink: { method: 'DELETE', path: '/account/sso', status: 204, response: null },
});
