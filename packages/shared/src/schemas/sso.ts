import { z } from 'zod';
import { isSameOriginPath, SAME_ORIGIN_PATH_MAX } from '../same-origin-path';
import { text } from './text';

/**
 * Why a sign-in through the identity provider was refused: the callback redirects to the web's refusal page
 * with one of these, which the page says in words. Nothing the provider sent is passed on.
 */
export const SSO_REFUSAL_CODES = [
  /** The provider could not be reached, or its discovery document is unusable. */
  'unavailable',
  /** The provider's answer failed a check (state, nonce, PKCE, issuer, audience, signature, expiry). */
  'invalid_response',
  /** The user cancelled at the provider, or the provider refused. */
  'provider_refused',
  /** No sign-in was started in this browser, it expired (10 minutes), or it was already used. */
  'expired',
  /** The provider did not vouch for the address (`email_verified` false or missing). */
  'email_unverified',
  /** A password account has the address: it is never linked silently. */
  'email_in_use',
  /** The same under OIDC_ONLY, where that password cannot sign in: an admin links the account. */
  'email_in_use_only',
  /** OIDC_REGISTER=off: SSO opens no accounts. */
  'sso_sign_up_off',
  /** The sign-up rules refuse the address: sign-ups closed, a domain not allowed, or no invitation. */
  'sign_ups_closed',
  'domain_not_allowed',
  'invitation_needed',
  'account_disabled',
  /** Linking: the identity already belongs to another account. */
  'identity_taken',
  /** The start was reached by a link it can not read (a parameter repeated or malformed). */
  'invalid_link',
] as const;
export const SsoRefusalCode = z.enum(SSO_REFUSAL_CODES);
export type SsoRefusalCode = z.infer<typeof SsoRefusalCode>;

/**
 * Where to land after the sign-in: a path of this site only (`/rooms/x?y`), never `//host` or a scheme, so the
 * callback can never send the browser elsewhere.
 */
export const SameOriginPath = text().max(SAME_ORIGIN_PATH_MAX).refine(isSameOriginPath, 'Must be a path of this site');

/**
 * The start is a link anyone may follow: a `returnTo` that is not a path of this site is dropped by the
 * server (SameOriginPath there), and the sign-in lands on the dashboard rather than on a bare 400.
 */
export const SsoStartQuery = z.object({ returnTo: text().max(2048).optional() });
export type SsoStartQuery = z.infer<typeof SsoStartQuery>;

/** Linking, asked by the web app itself: a bad `returnTo` is its bug, refused. */
export const SsoLinkRequest = z.object({ returnTo: SameOriginPath.optional() });
export type SsoLinkRequest = z.infer<typeof SsoLinkRequest>;

/**
 * The provider's answer as it reaches the callback, described for the API's readers only: openid-client judges
 * it whole from the request's URL, so nothing here refuses what it would judge (a long error description
 * reaches the refusal page, not a bare 400). A parameter repeated, or with a NUL, ends on the refusal page
 * (`invalid_response`) too: a person's browser never gets a bare 400 from the callback or the start.
 */
/** Any length: a provider's long error description is its own affair. */
const providerParam = text().optional();
export const SsoCallbackQuery = z.object({
  code: providerParam,
  state: providerParam,
  iss: providerParam,
  error: providerParam,
  error_description: providerParam,
  session_state: providerParam,
});

/** What the sign-in and sign-up pages need to know: whether SSO is on, its button, whether it is the only way. */
export const SsoSettings = z.object({
  enabled: z.boolean(),
  buttonText: z.string(),
  /** OIDC_ONLY: password sign-in, sign-up and reset are for admins only. */
  only: z.boolean(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

/**
 * The provider as a sentence names it ("This server signs in with …"): the button text without a leading
 * "Sign in with " (any case), which would otherwise be said twice; a text without it is used whole.
 */
export function providerNameOf(buttonText: string): string {
  const name = buttonText.replace(/^\s*sign in with\s+/i, '').trim();
  return name === '' ? buttonText : name;
}

/** Where the browser goes to link the signed-in account: the provider's authorization URL. */
export const SsoLinkStarted = z.object({ url: z.string() });
export type SsoLinkStarted = z.infer<typeof SsoLinkStarted>;

/** The account's identity at the provider, if linked, and whether a password is another way in. */
export const SsoAccountLink = z.object({
  identity: z.object({ issuer: z.string(), email: z.string().nullable() }).nullable(),
  hasPassword: z.boolean(),
});
export type SsoAccountLink = z.infer<typeof SsoAccountLink>;
