import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { takeContractDrifts } from '../../test/contract-check';
import { exchangeRaw, requestHead } from '../../test/raw-http-client';
import { redoclyProblemsOf } from '../../test/redocly-lint';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

describe('the OpenAPI document at /api/docs', () => {
  let testApp: TestApp;
  let document: { paths: Paths; servers?: unknown };
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  beforeAll(async () => {
    // With a metrics token, so that every optional route is documented too.
    testApp = await buildTestApp({ METRICS_TOKEN: 'metrics-token-for-tests' });
    document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => testApp.close());

  test('passes an OpenAPI 3.0 validator (@readme/openapi-parser: the specification’s schema and its rules)', async () => {
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  // The recommended rules, errors only: its warnings are true of the API (a confirmation link answers a
  // redirect, no 2xx; the project states no license).
  test('passes Redocly’s recommended rules with no error (redocly.yaml, as `npm run lint` runs them)', async () => {
    const problems = await redoclyProblemsOf(document);
    const errors = problems.filter(({ severity }) => severity === 'error');
    expect(errors.map(({ ruleId, message, location }) => `${ruleId} ${location[0]?.pointer}: ${message}`)).toEqual([]);
  }, 120_000);

  test('it names its server relative to where it is read, and a public operation says it needs nothing', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/invitations/{token}']!.get!.security).toEqual([]);
    expect(operations().filter(({ operation }) => operation.security === undefined)).toEqual([]);
  });

  test('every operation has a unique operationId and a summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(operations().filter(({ operation }) => !operation.operationId || !operation.summary)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a 204 has no body, and every operation taking a body lists 400, 413 and 415; every one lists 429', () => {
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(operation.responses['204']?.content, name).toBeUndefined();
      expect(statuses, name).toContain('429');
      if (operation.requestBody) expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  test('every operation lists what any request may be answered; 414 where its path has a parameter', () => {
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, name).toEqual(expect.arrayContaining(['400', '408', '421', '431', '500', '503']));
      if (name.includes('{')) expect(statuses, name).toContain('414');
      else expect(statuses, name).not.toContain('414');
      // A write from another site's page is refused whoever may call the route (request-origin-checks.ts).
      if (/^(POST|PUT|PATCH|DELETE) /.test(name)) expect(statuses, name).toContain('403');
      expect(operation.responses['431']!.content!['application/json']!.schema, name).toBeDefined();
    }
  });

  test('a nullable enum lists null among its values (a clip link’s state)', () => {
    const answer = document.paths['/api/clipboard/{id}/share']!.put!.responses['200']!.content!['application/json']!;
    const state = (answer.schema!.properties as Record<string, { enum?: unknown[] }>).state!;
    expect(state.enum).toContain(null);
  });

  test('uploads say their body: the multipart form’s `file`, or the raw bytes with X-File-Name', () => {
    for (const path of ['/api/clipboard/{id}/files', '/api/rooms/{id}/upload', '/api/virtual-desktop/items/file']) {
      const { post, put } = document.paths[path]!;
      expect(Object.keys(post!.requestBody!.content), path).toEqual(['multipart/form-data']);
      expect(Object.keys(put!.requestBody!.content), path).toEqual(['application/octet-stream']);
      expect(put!.parameters, path).toContainEqual(expect.objectContaining({ in: 'header', name: 'X-File-Name' }));
      expect(post!.operationId).not.toBe(put!.operationId);
    }
  });

  test('a route that needs a sign-in says so, one that serves anyone with an optional bearer says that', () => {
    const desktop = document.paths['/api/virtual-desktop/share']!;
    expect(desktop.post!.security).toEqual([{ bearer: [] }]);
    expect(desktop.delete!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/virtual-desktop']!.get!.security).toEqual([{ bearer: [] }, {}]);
    expect(document.paths['/api/auth/confirm']!.get!.responses).toHaveProperty('303');
  });
});

describe('the contract check of the tests’ answers (test/contract-check.ts)', () => {
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp();
    base = await testApp.listen();
  });
  afterAll(() => testApp.close());

  // The document is built once and kept: changing the kept one makes the server drift from it.
  const documented = (path: string) =>
    (testApp.app.swagger() as unknown as { paths: Paths }).paths[path]!.get!.responses;

  test('an answer whose status the document does not list is a drift', async () => {
    const responses = documented('/api/health');
    const success = responses['200']!;
    delete responses['200'];
    let drifts;
    try {
      expect((await testApp.as(null).get('/api/health')).statusCode).toBe(200);
      ({ drifts } = takeContractDrifts());
    } finally {
      responses['200'] = success;
    }
    expect(drifts).toEqual([expect.objectContaining({ operation: 'GET /api/health', status: 200 })]);
    expect(drifts[0]!.problem).toContain('status not documented');
  });

  // Another operation than the others': a body's validator is compiled once, from the schema it first sees.
  test('an answer whose body does not match its schema is a drift', async () => {
    const schema = documented('/api/billing/config')['200']!.content!['application/json']!.schema!;
    const required = schema.required;
    schema.required = [...(required as string[]), 'notSentByTheServer'];
    let drifts;
    try {
      expect((await testApp.as(null).get('/api/billing/config')).statusCode).toBe(200);
      ({ drifts } = takeContractDrifts());
    } finally {
      schema.required = required;
    }
    expect(drifts).toEqual([expect.objectContaining({ operation: 'GET /api/billing/config', status: 200 })]);
    expect(drifts[0]!.problem).toContain('notSentByTheServer');
  });

  test('an answer as documented is checked and passes', async () => {
    expect((await testApp.as(null).get('/api/health')).statusCode).toBe(200);
    expect(takeContractDrifts()).toEqual({ drifts: [], checkedAnswers: 1 });
  });

  /** Runs `send` with `status` taken out of the document's answers of `path`'s `get`, and answers the drifts. */
  async function driftsWithout(path: string, status: string, send: () => Promise<unknown>) {
    const responses = documented(path);
    const kept = responses[status]!;
    delete responses[status];
    try {
      await send();
      return takeContractDrifts().drifts;
    } finally {
      responses[status] = kept;
    }
  }

  test('what the router refuses before any route (414) is checked against the operation its path fits', async () => {
    const longId = 'a'.repeat(3000);
    const send = () => exchangeRaw(base, requestHead('GET', `/api/clipboard/${longId}`, { connection: 'close' }));
    const drifts = await driftsWithout('/api/clipboard/{id}', '414', send);
    expect(drifts).toEqual([expect.objectContaining({ operation: 'GET /api/clipboard/{id}', status: 414 })]);
    expect((await send()) as { status: number }).toMatchObject({ status: 414 });
    expect(takeContractDrifts()).toEqual({ drifts: [], checkedAnswers: 1 });
  });

  test('what Node’s parser refuses before there is a request (431) must be listed by every operation', async () => {
    const tooLarge = requestHead('GET', '/api/health', { connection: 'close', 'x-filler': 'a'.repeat(17 * 1024) });
    const drifts = await driftsWithout('/api/health', '431', () => exchangeRaw(base, tooLarge));
    expect(drifts).toEqual([expect.objectContaining({ operation: 'any operation', status: 431 })]);
    expect(drifts[0]!.problem).toContain('GET /api/health: status not documented');
    expect((await exchangeRaw(base, tooLarge)).status).toBe(431);
    expect(takeContractDrifts()).toEqual({ drifts: [], checkedAnswers: 1 });
  });
});
