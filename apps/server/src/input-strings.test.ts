import { API_BASE, API_TABLES, pathTo, type ApiEndpoint } from '@clipsync/shared';
import {
  sampleValue,
  stringFields,
  withLoneSurrogate,
  withNul,
  withValueAt,
  type FieldPath,
} from '@clipsync/shared/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { TestUser } from '../test/factories';

/**
 * PostgreSQL's text refuses U+0000, and an unpaired UTF-16 surrogate has no UTF-8 form: either, where it reached
 * SQL, answered 500; the shared schemas refuse both first (docs/api.md#errors). Every string field of every
 * endpoint of the shared table, signed in, with a NUL in it, and every one of a JSON body with a lone surrogate
 * (a URL's percent-decoding cannot make one: `%ED%A0%80` stays as it is): never a 5xx, and a 400 naming the
 * field wherever the rest of the request is one the schema takes.
 */

type Part = 'params' | 'query' | 'body';
/** Fastify's name for each part in a validation error (`Invalid querystring.search: …`). */
const CONTEXT: Record<Part, string> = { params: 'params', query: 'querystring', body: 'body' };

interface Probe {
  endpoint: ApiEndpoint;
  /** What is wrong in the field: a NUL, or a lone surrogate. */
  flaw: 'NUL' | 'surrogate';
  part: Part;
  path: FieldPath;
  value: string;
}

const probes = Object.entries(API_TABLES).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).flatMap(([name, endpoint]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = endpoint[part];
      if (!schema) return [];
      return stringFields(schema).flatMap(({ path, schema: field }) => {
        const sample = String(sampleValue(field));
        const where = `${group}.${name} ${endpoint.method} ${endpoint.path} ${part}.${path.join('.')}`;
        const nul: Probe = { endpoint, part, path, flaw: 'NUL', value: withNul(sample) };
        const surrogate: Probe = { endpoint, part, path, flaw: 'surrogate', value: withLoneSurrogate(sample) };
        return [
          [`${where} NUL`, nul] as const,
          ...(part === 'body' ? [[`${where} surrogate`, surrogate] as const] : []),
        ];
      });
    }),
  ),
);

/** Query strings carry text: numbers and booleans as they are written. */
function asQuery(value: unknown): Record<string, string | string[]> {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([key, field]) => [key, Array.isArray(field) ? field.map(String) : String(field)]),
  );
}

/** Each part of a request the endpoint's schemas take, the probed part with its flaw. */
function requestParts(probe: Probe) {
  const parts = Object.fromEntries(
    (['params', 'query', 'body'] as const).map((part) => {
      const schema: z.ZodType | undefined = probe.endpoint[part];
      if (!schema) return [part, { value: undefined, isTaken: true }];
      const sample = sampleValue(schema, part === probe.part ? probe.path[0] : undefined);
      const value = part === probe.part ? withValueAt(sample, probe.path, probe.value) : sample;
      return [part, { value, isTaken: sample !== undefined }];
    }),
  ) as Record<Part, { value: unknown; isTaken: boolean }>;
  // Only the probed field is wrong when every part, the probed one without its flaw, is one the schemas take.
  return { parts, isOnlyTheFlawWrong: Object.values(parts).every((part) => part.isTaken) };
}

describe('a NUL character or a lone surrogate in any string of any endpoint', () => {
  let testApp: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp({
      RATE_LIMIT_PER_MINUTE: '100000',
      // SSO's doors exist only with a provider configured; none is asked before the input is valid.
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'input-strings',
      OIDC_CLIENT_SECRET: 'input-strings-secret',
    });
    user = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  test('the walk reaches the fields the fuzzer found', () => {
    const names = probes.map(([name]) => name);
    for (const field of ['body.clientName', 'query.search', 'params.token', 'body.desktopId', 'body.content']) {
      expect(names.some((name) => name.endsWith(`${field} NUL`))).toBe(true);
    }
    // A room's name and a token's name answered 500 with one.
    for (const endpoint of ['POST /rooms body.name', 'POST /tokens body.name']) {
      expect(names.some((name) => name.endsWith(`${endpoint} surrogate`))).toBe(true);
    }
  });

  test.each(probes)('%s', async (_name, probe) => {
    const { parts, isOnlyTheFlawWrong } = requestParts(probe);
    const params = (parts.params.value ?? {}) as Record<string, string>;
    const response = await testApp.app.inject({
      method: probe.endpoint.method,
      url: `${API_BASE}${pathTo(probe.endpoint.path, params)}`,
      query: asQuery(parts.query.value),
      ...(probe.endpoint.body ? { payload: parts.body.value as object } : {}),
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (!isOnlyTheFlawWrong) return;
    if (probe.endpoint.status === 302) {
      // A person's browser navigation (SSO's start and callback) lands on the refusal page, never a bare 400.
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toContain('/auth/sso-error?code=');
      return;
    }
    expect(response.statusCode, response.body).toBe(400);
    // A field with a format of its own (an id, a date) is refused by it, in its own words.
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringMatching(new RegExp(`^Invalid ${CONTEXT[probe.part]}\\.${probe.path.join('\\.')}: `)),
      requestId: expect.any(String),
    });
  });
});
