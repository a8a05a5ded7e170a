import { SsoAccountLink, SsoCallbackQuery, SsoLinkStarted, SsoSettings, SsoStartQuery } from '../schemas/sso';
import { defineEndpoints } from './endpoint';

/**
 * Sign-in through the team's OpenID Connect provider. `start` and `callback` are top-level browser
 * navigations that answer redirects; without OIDC_* settings they do not exist (404) and `settings` says so.
 */
export const SSO_ENDPOINTS = defineEndpoints({
  settings: { method: 'GET', path: '/auth/sso', response: SsoSettings },
  /** Redirects (302) to the provider, keeping state, nonce and PKCE verifier for the callback (10 minutes, one use). */
  start: { method: 'GET', path: '/auth/sso/start', query: SsoStartQuery, status: 302 },
  /**
   * The provider's redirect back: signs in and redirects (302) to the web's completion page with a one-use
   * refresh token in the fragment, or to the refusal page with a code (SSO_REFUSAL_CODES).
   */
  callback: { method: 'GET', path: '/auth/sso/callback', query: SsoCallbackQuery, status: 302 },
  /**
   * The signed-in account links its identity at the provider: answers the provider's URL for the browser to
   * open (with the state cookie); the callback attaches the identity and returns to `returnTo`, refusing
   * one that belongs to another account (`identity_taken`).
   */
  link: { method: 'POST', path: '/account/sso/link', body: SsoStartQuery, response: SsoLinkStarted },
  account: { method: 'GET', path: '/account/sso', response: SsoAccountLink },
  /** 409 while the identity is the only way in (the account has no password). */
  unlink: { method: 'DELETE', path: '/account/sso', status: 204, response: null },
});
