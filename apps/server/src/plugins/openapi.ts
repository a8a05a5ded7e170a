import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the same zod schemas that validate requests; the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ClipSync API', version: '0.1.0', description: 'Clips, rooms and a virtual desktop.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the UI's own hashed inline script passes instead of weakening the app-wide policy.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
