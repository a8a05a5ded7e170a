import { z } from 'zod';
import { text } from './text';
import { TOKEN_EXPIRY_DAYS_MAX, TOKEN_NAME_MAX } from '../limits';
import { PublicUser } from './auth';
import { ResourceId } from './clips';

/**
 * What a personal access token may do. A call's entry in the endpoint table names the scope it needs; a
 * call without one (accounts, sessions, tokens, billing) is for a signed-in browser only.
 */
/** How a personal access token starts, so clients and secret scanners can tell it from a session's token. */
export const PERSONAL_TOKEN_PREFIX = 'csp_';

/** What a device sign-in may ask and grant: everything but `admin`, which only a token made by an admin carries. */
export const DEVICE_SIGN_IN_SCOPES = ['clips:read', 'clips:write', 'desktop', 'rooms'] as const;
export const DeviceSignInScope = z.enum(DEVICE_SIGN_IN_SCOPES);
export type DeviceSignInScope = z.infer<typeof DeviceSignInScope>;
/** `admin`: the admin area's calls (`/api/admin/…`), for a token an admin created, while its owner is an admin. */
export const TOKEN_SCOPES = [...DEVICE_SIGN_IN_SCOPES, 'admin'] as const;
export const TokenScope = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof TokenScope>;

/** `POST /api/tokens`: a name the user recognises, at least one scope, and optionally an expiry. */
export const CreateTokenRequest = z.object({
  name: text().trim().min(1).max(TOKEN_NAME_MAX),
  scopes: z
    .array(TokenScope)
    .min(1)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  expiresInDays: z.number().int().min(1).max(TOKEN_EXPIRY_DAYS_MAX).optional(),
});
export type CreateTokenRequest = z.infer<typeof CreateTokenRequest>;

/** A token as listed: never the token itself, which only its creation answers. */
export const TokenSummary = z.object({
  id: ResourceId,
  name: z.string(),
  scopes: z.array(TokenScope),
  /** `device` when made by a device sign-in, `manual` when made on the settings page or through the API. */
  source: z.enum(['manual', 'device']),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** A coarse description of the last client (`curl`, `Firefox on Linux`), from its User-Agent. */
  lastUsedClient: z.string().nullable(),
});
export type TokenSummary = z.infer<typeof TokenSummary>;

export const TokenList = z.object({ tokens: z.array(TokenSummary) });
export type TokenList = z.infer<typeof TokenList>;

/** The creation's answer: the token, shown this once (`csp_…`). */
export const CreatedToken = TokenSummary.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof CreatedToken>;

export const TokenIdParams = z.object({ id: ResourceId });
export type TokenIdParams = z.infer<typeof TokenIdParams>;

/** `GET /api/tokens/current`: the calling token and whose it is (what `clipsync whoami` shows). */
export const CurrentToken = z.object({
  token: TokenSummary,
  user: PublicUser.pick({ id: true, email: true, name: true }),
});
export type CurrentToken = z.infer<typeof CurrentToken>;
