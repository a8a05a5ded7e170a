import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
  const transformed = jsonSchemaTransform({ ...input, schema });
  const version = 'openapiObject' in input ? input.openapiObject.openapi : undefined;
  const target = version?.startsWith('3.0') === false ? 'draft-2020-12' : 'openapi-3.0';
  return {
    ...transformed,
    schema: withNonJsonShapes(transformed.schema ?? {}, found?.entry.endpoint, ownMethod ?? '', target),
  };
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
