import { z } from 'zod';
import { text } from './text';
import { DEVICE_CLIENT_NAME_MAX } from '../limits';
import { DeviceSignInScope } from './tokens';

/**
 * Device sign-in (RFC 8628's device authorization grant): a client with no browser asks for a code, the
 * user approves it in a signed-in browser, and the client's polling then answers a personal access token.
 */
/** One or more scopes a device may hold, each once: never `admin`, which no device sign-in can grant. */
const DistinctScopes = z
  .array(DeviceSignInScope)
  .min(1)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once');

export const DeviceCodeRequest = z.object({
  /**
   * The device names itself, so the name is the device's claim, never ours: the server replaces control and
   * bidirectional-override characters in it, and the approving page labels it "named by the device".
   */
  clientName: text().trim().min(1).max(DEVICE_CLIENT_NAME_MAX),
  /** What the token will be allowed, if the approving user lets it; `clips:read` and `clips:write` when left out. */
  scopes: DistinctScopes.optional(),
});
export type DeviceCodeRequest = z.infer<typeof DeviceCodeRequest>;

/** RFC 8628's answer, its field names as the RFC spells them. */
export const DeviceCodeResponse = z.object({
  device_code: z.string(),
  /** 8 characters without look-alikes, shown `XXXX-XXXX`. */
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof DeviceCodeResponse>;

export const DeviceTokenRequest = z.object({
  device_code: text().min(1).max(200),
  /** RFC 8628's grant type; optional, and only this one. */
  grant_type: z.literal('urn:ietf:params:oauth:grant-type:device_code').optional(),
});
export type DeviceTokenRequest = z.infer<typeof DeviceTokenRequest>;

/** The approved device's token, in OAuth's shape (`scope` space-separated). */
export const DeviceTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  scope: z.string(),
});
export type DeviceTokenResponse = z.infer<typeof DeviceTokenResponse>;

/** RFC 8628's error values: `error` as the RFC says, `code` as every other error of this API, a text for people. */
export const DEVICE_TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'invalid_grant',
] as const;
export const DeviceTokenError = z.object({
  error: z.enum(DEVICE_TOKEN_ERRORS),
  error_description: z.string(),
  code: z.enum(['AUTHORIZATION_PENDING', 'SLOW_DOWN', 'ACCESS_DENIED', 'EXPIRED_TOKEN', 'INVALID_GRANT']),
});
export type DeviceTokenError = z.infer<typeof DeviceTokenError>;

/** The approving browser names the code the user typed or followed (any case, with or without the dash). */
export const DeviceSignInUserCodeRequest = z.object({ userCode: text().trim().min(1).max(20) });
export type DeviceSignInUserCodeRequest = z.infer<typeof DeviceSignInUserCodeRequest>;

/**
 * The approval names the scopes the user left ticked, each one the device asked for (else 400): the token
 * gets these and no others.
 */
export const DeviceSignInApprovalRequest = DeviceSignInUserCodeRequest.extend({ scopes: DistinctScopes });
export type DeviceSignInApprovalRequest = z.infer<typeof DeviceSignInApprovalRequest>;

/**
 * Where the sign-in started compared with the approving browser, by the server's network grouping (the
 * same public address or IPv6 /64, or both inside the server's own LAN): `unknown` when either is behind a
 * proxy the server does not trust. The address itself is never stored nor answered.
 */
export const DeviceSignInNetwork = z.enum(['same', 'different', 'unknown']);
export type DeviceSignInNetwork = z.infer<typeof DeviceSignInNetwork>;

/** What the approving browser shows before the user approves or denies. */
export const DeviceSignInDetails = z.object({
  userCode: z.string(),
  /** As the device named itself (cleaned of control and bidirectional characters): its claim, not a fact. */
  clientName: z.string(),
  scopes: z.array(DeviceSignInScope),
  /** When the device asked for its code. */
  requestedAt: z.string(),
  expiresAt: z.string(),
  network: DeviceSignInNetwork,
});
export type DeviceSignInDetails = z.infer<typeof DeviceSignInDetails>;
