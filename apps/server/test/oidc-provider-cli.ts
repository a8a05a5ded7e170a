/**
 * The e2e journeys' identity provider: oidc-provider with its own login and consent pages, on
 * OIDC_TEST_PORT, for a client whose redirect URIs are OIDC_TEST_REDIRECT_URI (comma-separated, one per server
 * that signs in through it; client id and secret:
 * TEST_OIDC_CLIENT). Any login name signs in as a person with a verified address `<name>@sso.example`.
 */
import { startTestOidcProvider, TEST_OIDC_CLIENT } from './oidc-provider';

const port = Number(process.env.OIDC_TEST_PORT);
const redirectUris = (process.env.OIDC_TEST_REDIRECT_URI ?? '')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);
if (!port || redirectUris.length === 0) throw new Error('OIDC_TEST_PORT and OIDC_TEST_REDIRECT_URI are required');

const provider = await startTestOidcProvider({ redirectUri: redirectUris, port, isAnyLogin: true });
console.warn(`test OpenID provider at ${provider.issuer} for client ${TEST_OIDC_CLIENT.clientId}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
