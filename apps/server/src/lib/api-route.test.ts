import { API_BASE, API_TABLES } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// Every group of the table, as the token scope check sees them: a group added later is checked too.
const entries = Object.entries(API_TABLES).flatMap(([table, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({
    name: `${table}.${name}`,
    endpoint,
  })),
);
/** OpenAPI writes `:id` as `{id}`. */
const documentPath = (path: string) => `${API_BASE}${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

interface OpenApiOperation {
  tags?: string[];
  responses?: Record<string, unknown>;
}

describe('the server and the shared endpoint table', () => {
  let testApp: TestApp;
  let paths: Record<string, Record<string, OpenApiOperation>>;
  beforeAll(async () => {
    // With a metrics token and a provider, so that every optional route is there too (the provider is never
    // asked: no sign-in starts here).
    testApp = await buildTestApp({
      METRICS_TOKEN: 'metrics-token-for-tests',
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'api-route',
      OIDC_CLIENT_SECRET: 'api-route-secret',
    });
    paths = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: typeof paths }>().paths;
  });
  afterAll(() => testApp.close());

  test.each(entries)('$name is served and documented with its tag and its success answer', ({ endpoint }) => {
    const operation = paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
    expect(operation?.tags?.length).toBeGreaterThan(0);
    if (endpoint.response !== undefined) {
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.status ?? 200));
    }
  });

  test('every route under /api is in the table: it is the API’s one list', () => {
    const listed = new Set(entries.map(({ endpoint }) => documentPath(endpoint.path)));
    expect(Object.keys(paths).filter((path) => !listed.has(path))).toEqual([]);
  });
});
