import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody } from '@clipsync/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  listNullInNullableEnums,
  nameAndSplitOperations,
  tableEntryOf,
  withCommonAnswers,
  withNonJsonShapes,
} from '../lib/openapi-operations';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A route's operation: its own schemas and answers (routeFrom), the answers every route of its kind gives
 * (lib/openapi-operations.ts), then what JSON Schema can not say (no body, a file, an upload).
 */
function transformRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { route } = input;
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  const methods = [route.method].flat();
  const ownMethod = methods.find((method) => tableEntryOf(method, route.url)?.isOwnMethod) ?? methods[0];
  const found = ownMethod === undefined ? undefined : tableEntryOf(ownMethod, route.url);
  const rateLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  const schema = withCommonAnswers(input.schema, { methods, url: route.url, rateLimit });
  // Most answers are the one error body: it is made JSON Schema once, not for each of them (~900 of them).
  const { response = {}, ...rest } = schema as { response?: Record<string, unknown> };
  const errorStatuses = Object.keys(response).filter((status) => response[status] === ErrorBody);
  const ownResponse = Object.fromEntries(Object.entries(response).filter(([, answer]) => answer !== ErrorBody));
  const transformed = jsonSchemaTransform({ ...input, schema: { ...rest, response: ownResponse } });
  const version = 'openapiObject' in input ? input.openapiObject.openapi : undefined;
  const target = version?.startsWith('3.0') === false ? 'draft-2020-12' : 'openapi-3.0';
  const transformedSchema = transformed.schema ?? {};
  const errorBody = errorBodyJsonOf(input);
  const answers = { ...(transformedSchema.response as Record<string, unknown> | undefined) };
  for (const status of errorStatuses) answers[status] = structuredClone(errorBody);
  return {
    ...transformed,
    schema: withNonJsonShapes(
      { ...transformedSchema, response: answers },
      found?.entry.endpoint,
      ownMethod ?? '',
      target,
    ),
  };
}

const errorBodyJson = new Map<string, unknown>();
/** ErrorBody as jsonSchemaTransform makes it for this document's OpenAPI version, made once. */
function errorBodyJsonOf(input: TransformInput): unknown {
  const version = ('openapiObject' in input ? input.openapiObject.openapi : undefined) ?? 'swagger';
  let json = errorBodyJson.get(version);
  if (!json) {
    const { schema } = jsonSchemaTransform({ ...input, schema: { response: { 500: ErrorBody } } });
    json = (schema?.response as Record<string, unknown>)[500];
    errorBodyJson.set(version, json);
  }
  return json;
}

/**
 * OpenAPI built from the same zod schemas that validate requests; the UI at /api/docs. Its truth is
 * checked: every answer of the server's integration tests against it (test/contract-check.ts), and the
 * document itself by an OpenAPI validator and Redocly's recommended rules (openapi.test.ts, `npm run lint`).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ClipSync API', version: '0.1.0', description: 'Clips, rooms and a virtual desktop.' },
      // Relative: the origin the document was read from (OpenAPI resolves it against the document's URL).
      // The server answers to several names (its PUBLIC_URL, its LAN addresses, localhost) and PUBLIC_URL may be
      // unset; each reader's own origin is the one that reached it, and the UI's calls stay same-origin.
      servers: [{ url: '/', description: 'This server, at the address the document was read from' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session’s access token (JWT) or a personal access token (`csp_…`)',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      nameAndSplitOperations(openapiObject.paths as Parameters<typeof nameAndSplitOperations>[0]);
      listNullInNullableEnums(openapiObject.paths);
      return openapiObject;
    },
  });
  // staticCSP: the UI's own hashed inline script passes instead of weakening the app-wide policy.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
