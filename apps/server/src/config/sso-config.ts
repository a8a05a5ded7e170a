import { z } from 'zod';

/** Sign-in through an OpenID Connect provider (docs/sso.md); undefined without OIDC_ISSUER. */
export interface SsoConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** OIDC_SCOPES was written: the operator's scopes are asked as they are, `offline_access` not added. */
  isScopesExplicit: boolean;
  buttonText: string;
  /** `auto`: a first sign-in makes an account where the registration rules allow; `off`: never. */
  register: 'auto' | 'off';
  /** OIDC_REGISTER=auto was written: only then does SSO make accounts while sign-ups are closed. */
  isRegisterExplicit: boolean;
  /** Password sign-in, sign-up and reset are for admins only. */
  only: boolean;
  /** Members of this group (in `groupsClaim`) are admins, re-read at every SSO sign-in; unset: roles untouched. */
  adminGroup: string | undefined;
  groupsClaim: string;
}

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUnset, z.string().trim().min(1).optional());
const flag = z.preprocess(blankAsUnset, z.enum(['true', 'false', '1', '0']).optional());

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A provider's tokens travel through it: plain http is only safe to one on this machine. */
function isSecureIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}

export const SsoEnvSchema = z.object({
  OIDC_ISSUER: z.preprocess(
    blankAsUnset,
    z
      .url({ protocol: /^https?$/ })
      .refine(
        isSecureIssuer,
        'must use https:// (http:// only for a provider on this machine: localhost, 127.0.0.1, ::1)',
      )
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_SCOPES: optionalText,
  OIDC_BUTTON_TEXT: z.preprocess(blankAsUnset, z.string().trim().min(1).max(60).optional()),
  OIDC_REGISTER: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['auto', 'off'], { message: 'must be auto or off' }))
      .optional(),
  ),
  OIDC_ONLY: flag,
  OIDC_ADMIN_GROUP: optionalText,
  OIDC_GROUPS_CLAIM: optionalText,
});
type SsoEnv = z.infer<typeof SsoEnvSchema>;

/** The issuer, client id and secret together, or none of them: half a set is a mistake to name. */
export function ssoConfigOf(env: SsoEnv): { config: SsoConfig | undefined; missing: string[] } {
  const required = {
    OIDC_ISSUER: env.OIDC_ISSUER,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
    return { config: undefined, missing: missing.length === 3 ? [] : missing };
  }
  return {
    config: {
      issuer: new URL(env.OIDC_ISSUER),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: env.OIDC_SCOPES ?? 'openid email profile',
      isScopesExplicit: env.OIDC_SCOPES !== undefined,
      buttonText: env.OIDC_BUTTON_TEXT ?? 'Sign in with SSO',
      register: env.OIDC_REGISTER ?? 'auto',
      isRegisterExplicit: env.OIDC_REGISTER === 'auto',
      only: env.OIDC_ONLY === 'true' || env.OIDC_ONLY === '1',
      adminGroup: env.OIDC_ADMIN_GROUP,
      groupsClaim: env.OIDC_GROUPS_CLAIM ?? 'groups',
    },
    missing: [],
  };
}
