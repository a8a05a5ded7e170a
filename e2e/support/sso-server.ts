/**
 * The server configured for sign-in through an identity provider (playwright.config.ts starts it, and the
 * provider it uses, beside the main server): E2E_PORT + 3 and E2E_PORT + 4 (+1 and +2 are the first-run servers);
 * the one that signs in through that provider only (OIDC_ONLY=true) on E2E_PORT + 5.
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);
export const ssoServerPortOf = (port: number) => port + 3;
export const SSO_BASE_URL = `http://localhost:${ssoServerPortOf(mainPort)}`;
export const SSO_PROVIDER_PORT = mainPort + 4;
export const ssoOnlyServerPortOf = (port: number) => port + 5;
export const SSO_ONLY_BASE_URL = `http://localhost:${ssoOnlyServerPortOf(mainPort)}`;
/** ADMIN_EMAILS of the OIDC_ONLY server: the one address whose password still signs in there. */
export const SSO_ONLY_ADMIN_EMAIL = 'root@sso-only.example';
