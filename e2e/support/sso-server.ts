/**
 * The server configured for sign-in through an identity provider (playwright.config.ts starts it, and the
 * provider it uses, beside the main server): E2E_PORT + 3 and E2E_PORT + 4 (+1 and +2 are the first-run servers).
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);
export const ssoServerPortOf = (port: number) => port + 3;
export const SSO_BASE_URL = `http://localhost:${ssoServerPortOf(mainPort)}`;
export const SSO_PROVIDER_PORT = mainPort + 4;
