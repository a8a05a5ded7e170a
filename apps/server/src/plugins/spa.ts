import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@clipsync/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app: hashed files under /assets/ cache for a year (their name changes with their
 * content); index.html is revalidated every time and answers every page path (history fallback): with
 * 200 for the app's routes, with 404 for any other (the app shows its not-found page). Unknown /api paths
 * and non-GET requests get the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      wildcard: true,
      // The web build writes .br and .gz copies of its text files (apps/web/precompress.ts); a browser that
      // accepts either gets it. Vary (below) keeps a shared cache from giving it to one that does not.
      preCompressed: true,
      // Cache-Control is ours to set (below), not send's default `public, max-age=0`.
      cacheControl: false,
      setHeaders: (response, path) => {
        const isHashedAsset = path.startsWith(join(webDistDir, 'assets'));
        response.setHeader(
          'Cache-Control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit() : undefined },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
      if (!wantsPage) return sendNotFound(reply);
      if (!isBuilt) {
        return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      }
      // The page renders the not-found screen itself; the status tells machines the same.
      return reply
        .status(isAppRoute(path) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', webDistDir);
    },
  );
}
