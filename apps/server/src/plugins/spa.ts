import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@clipsync/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * On `<html>` of a server without payments. The prerendered landing page holds both of its hero badges, the
 * trial SPEC promises and the free one, and this attribute picks between them in CSS (apps/web/src/index.css),
 * so the first paint is already right for this server: no script has to ask it, and nothing changes on screen.
 */
export const NO_PAYMENTS_ATTRIBUTE = 'data-payments="off"';

interface SpaOptions {
  webDistDir: string;
  /** Whether this server sells plans (`STRIPE_SECRET_KEY`); without, index.html says so on `<html>`. */
  paymentsEnabled: boolean;
}

/**
 * Serves the built web app: hashed files under /assets/ cache for a year (their name changes with their
 * content); index.html is revalidated every time and answers every page path (history fallback): with
 * 200 for the app's routes, with 404 for any other (the app shows its not-found page). Unknown /api paths
 * and non-GET requests get the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, { webDistDir, paymentsEnabled }: SpaOptions): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  // Read once: the build does not change under a running server. Served from memory, so never the build's
  // precompressed copies of index.html, which lack the attribute.
  const markedIndex = isBuilt && !paymentsEnabled ? markNoPayments(readFileSync(indexFile, 'utf8')) : undefined;
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      wildcard: true,
      // index.html (also as `/`) is then answered below, marked.
      allowedPath: (path) => markedIndex === undefined || !(path === '/' || path === '/index.html'),
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
      reply
        .status(path === '/index.html' || isAppRoute(path) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html');
      return markedIndex === undefined ? reply.sendFile('index.html', webDistDir) : reply.send(markedIndex);
    },
  );
}

export function markNoPayments(html: string): string {
  return html.replace(/<html\b/i, `<html ${NO_PAYMENTS_ATTRIBUTE}`);
}
