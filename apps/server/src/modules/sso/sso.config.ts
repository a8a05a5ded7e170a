import * as oidc from 'openid-client';
import type { SsoConfig } from '../../config/sso-config';

/** A provider that does not answer discovery within this long is down: the user gets a page, not a wait. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/** http:// is for a provider on this machine (the tests' in-process one); anything else must be https. */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(issuer.hostname);
}

/** The provider as openid-client knows it after discovery; asked once, asked again after a failure. */
export interface SsoProvider {
  settings: SsoConfig;
  redirectUri: string;
  /** Throws when the provider cannot be reached or its discovery document is unusable. */
  configuration(): Promise<oidc.Configuration>;
}

export function createSsoProvider(settings: SsoConfig, publicUrl: string): SsoProvider {
  let discovered: Promise<oidc.Configuration> | undefined;
  const discover = () =>
    oidc.discovery(settings.issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      // openid-client trusts an ID token from the token endpoint on TLS alone and checks its signature only
      // when asked: asked here, so every ID token (sign-in and re-check) is verified against the provider's JWKS.
      execute: [
        ...(isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : []),
        oidc.enableNonRepudiationChecks,
      ],
    });
  return {
    settings,
    redirectUri: `${publicUrl}/api/auth/sso/callback`,
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
      return discovered;
    },
  };
}
