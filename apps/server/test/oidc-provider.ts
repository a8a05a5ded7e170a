import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A person at the test provider: what its ID token and userinfo say of them. */
export interface TestOidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /**
   * The people who can sign in, by `sub`; a test may add or change them at any time. One deleted is a person
   * removed or disabled at the provider: their refresh tokens are refused (`invalid_grant`) from then on.
   */
  accounts: Map<string, TestOidcAccount>;
  /** The paths asked so far, in order (`/token`: a code or refresh grant), to tell whether the app asked. */
  requestedPaths: string[];
  /** While true, every request is answered 503 (the provider down behind its proxy). */
  setDown(isDown: boolean): void;
  /**
   * While true, the ID tokens of the token endpoint's answers are re-signed by a key that is not the provider's
   * (same header and claims): what a forger on the path, or a leaked foreign key, would hand the app.
   */
  setForgedIdTokens(isForged: boolean): void;
  /**
   * Follows an authorization URL through the provider's own login and consent pages as `sub`, and answers
   * where the provider finally sends the browser (the app's callback with code, state and iss).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT = { clientId: 'clipsync', clientSecret: 'clipsync-test-client-secret' };

/** A fresh RSA signing key: the provider's own, never a key checked into the repository. */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] };
}

/** The JWS `token` with its header and payload kept and its RS256 signature made by `key`. */
function resigned(token: string, key: KeyObject): string {
  const [header = '', payload = ''] = token.split('.');
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * Re-signs the ID token in the token endpoint's JSON answer as it is sent. oidc-provider (Koa) sets its headers
 * and hands the whole body to `end`, so the body is swapped there and its length set again.
 */
function forgeIdTokenOf(response: ServerResponse, key: KeyObject): void {
  const end = response.end.bind(response) as (body?: unknown) => ServerResponse;
  response.end = ((body?: unknown) => {
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return end(body);
    const answer = JSON.parse(body.toString()) as { id_token?: string };
    if (!answer.id_token) return end(body);
    const forged = JSON.stringify({ ...answer, id_token: resigned(answer.id_token, key) });
    response.setHeader('content-length', Buffer.byteLength(forged));
    return end(forged);
  }) as ServerResponse['end'];
}

/** Cookies of one browser at the provider, by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
  }
}

/**
 * oidc-provider (OpenID-certified) started in-process on a free 127.0.0.1 port, with its own keys, the
 * development login and consent pages, and clients whose redirect URI is `redirectUri`. `extraClients`
 * adds clients (another client id with the same redirect URI: a code issued to someone else).
 */
export async function startTestOidcProvider({
  redirectUri,
  extraClients = [],
  port = 0,
  isAnyLogin = false,
}: {
  /** One, or several: one per server that signs in through this provider (the e2e servers). */
  redirectUri: string | string[];
  extraClients?: string[];
  port?: number;
  /** Any login name is a person with a verified `<name>@sso.example` (the e2e journeys type one). */
  isAnyLogin?: boolean;
}): Promise<TestOidcProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  let isDown = false;
  let forgingKey: KeyObject | undefined;
  const requestedPaths: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://provider').pathname;
    requestedPaths.push(path);
    if (forgingKey && path === '/token') forgeIdTokenOf(response, forgingKey);
    if (!isDown) return handle(request, response);
    response.statusCode = 503;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestOidcAccount>();
  const client = (clientId: string): ClientMetadata => ({
    client_id: clientId,
    client_secret: TEST_OIDC_CLIENT.clientSecret,
    redirect_uris: [redirectUri].flat(),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  });
  const provider = new Provider(issuer, {
    clients: [client(TEST_OIDC_CLIENT.clientId), ...extraClients.map(client)],
    jwks: signingKeys(),
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // A refresh token for every code, as Keycloak and Authentik give one: oidc-provider itself keeps
    // `offline_access` for requests that also say prompt=consent, which would make every sign-in a consent.
    // Rotated at every use as the strictest providers do, so a replayed one is refused.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    async findAccount(_ctx, sub) {
      if (isAnyLogin && !accounts.has(sub)) {
        accounts.set(sub, { sub, email: `${sub.toLowerCase()}@sso.example`, email_verified: true, name: sub });
      }
      if (!accounts.has(sub)) return undefined;
      return { accountId: sub, claims: async () => ({ ...accounts.get(sub), sub }) };
    },
  });
  handle = provider.callback();

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new CookieJar();
    let next = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 12; hop += 1) {
      const response = await fetch(next, {
        method: body ? 'POST' : 'GET',
        body,
        headers: { cookie: jar.header() },
        redirect: 'manual',
      });
      jar.take(response);
      const location = response.headers.get('location');
      if (location) {
        next = new URL(location, next);
        body = undefined;
        if (next.origin !== issuer) return next;
        continue;
      }
      const page = await response.text();
      if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
      // The dev interaction: the login page asks who, the consent page asks to continue.
      const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
      if (!prompt) throw new Error(`no interaction form on ${next.href}`);
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    accounts,
    requestedPaths,
    setDown: (down) => {
      isDown = down;
    },
    setForgedIdTokens: (isForged) => {
      forgingKey = isForged ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : undefined;
    },
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
