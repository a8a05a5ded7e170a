import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../../../test/oidc-provider';

const PUBLIC_URL = 'http://localhost:3000';

let provider: TestOidcProvider;
let app: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUri: `${PUBLIC_URL}/api/auth/sso/callback` });
  app = await buildTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_OIDC_CLIENT.clientId,
    OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.clientSecret,
    AUTH_RATE_LIMIT_PER_IP: '1000',
  });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

/** Where the browser is sent: the refusal page's code, or the redirect's whole address. */
function refusalOf(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), PUBLIC_URL);
  expect(location.pathname).toBe('/auth/sso-error');
  return location.searchParams.get('code');
}

describe("the browser's navigations never get a bare 400", () => {
  test.each([
    ['a repeated return path', 'returnTo=/rooms&returnTo=/clips'],
    ['a NUL in the return path', 'returnTo=/rooms%00'],
  ])('the start with %s ends on the refusal page', async (_case, query) => {
    expect(refusalOf(await app.as(null).get(`/api/auth/sso/start?${query}`))).toBe('invalid_link');
  });

  test.each([
    ['a repeated code', 'code=a&code=b&state=s'],
    ['a repeated state', 'code=a&state=s&state=t'],
    ['a NUL in the state', 'code=a&state=s%00'],
  ])('the callback with %s ends on the refusal page', async (_case, query) => {
    expect(refusalOf(await app.as(null).get(`/api/auth/sso/callback?${query}`))).toBe('invalid_response');
  });

  test('a malformed escape in the callback is refused as any unchecked answer', async () => {
    expect(refusalOf(await app.as(null).get('/api/auth/sso/callback?code=%E0%A4%A&state=%ZZ'))).toBeTruthy();
  });

  test('the document lists for either only the refusals a route that takes no input has, and still their parameters', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { responses: Record<string, unknown>; parameters?: Array<{ name: string }> } }>;
    }>();
    // The 400 any request may get (a request Node's parser refuses) is listed everywhere; a check of the
    // parameters would add nothing to a route that takes none, as health.
    const refusalsOf = (path: string) =>
      Object.keys(document.paths[path]?.get.responses ?? {}).filter(
        (status) => /^4\d\d$/.test(status) && status !== '429',
      );
    for (const path of ['/api/auth/sso/start', '/api/auth/sso/callback']) {
      expect(refusalsOf(path), path).toEqual(refusalsOf('/api/health'));
      expect(document.paths[path]?.get.parameters?.length, path).toBeGreaterThan(0);
    }
  });
});
