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

/**
 * On `<html>` while sign-ups are closed to anyone an admin has not invited: the landing page's "Sign Up" and
 * "Get Started" are hidden by CSS from the first paint. Asked at each request, as an admin may close them.
 */
export const SIGN_UPS_CLOSED_ATTRIBUTE = 'data-sign-ups="closed"';

interface SpaOptions {
  webDistDir: string;
  /** Whether this server sells plans (`STRIPE_SECRET_KEY`); without, index.html says so on `<html>`. */
  paymentsEnabled: boolean;
  /** Whether sign-ups are closed now (the registration policy's rule); a failed answer counts as open. */
  areSignUpsClosed: () => Promise<boolean>;
}

/**
 * Serves the built web app: hashed files under /assets/ cache for a year (their name changes with their
 * content); index.html is revalidated every time and answers every page path (history fallback): with
 * 200 for the app's routes, with 404 for any other (the app shows its not-found page). Unknown /api paths
 * and non-GET requests get the JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  { webDistDir, paymentsEnabled, areSignUpsClosed }: SpaOptions,
): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  // Read once: the build does not change under a running server. A marked copy is served from memory, so
  // never the build's precompressed copies of index.html, which lack the marks.
  const index = isBuilt ? readFileSync(indexFile, 'utf8') : '';
  const marksNow = async () => {
    const isClosed = await areSignUpsClosed().catch(() => false);
    return [!paymentsEnabled && NO_PAYMENTS_ATTRIBUTE, isClosed && SIGN_UPS_CLOSED_ATTRIBUTE].filter(
      (mark): mark is string => mark !== false,
    );
  };
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      wildcard: true,
      // index.html (also as `/`) is answered below, marked as this server is now.
      allowedPath: (path) => !(path === '/' || path === '/index.html'),
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
      const marks = await marksNow();
      return marks.length === 0 ? reply.sendFile('index.html', webDistDir) : reply.send(markIndex(index, marks));
    },
  );
}

/** index.html with `marks` (attributes) on its `<html>`. */
export function markIndex(html: string, marks: string[]): string {
  return html.replace(/<html\b/i, `<html ${marks.join(' ')}`);
}

export function markNoPayments(html: string): string {
  return markIndex(html, [NO_PAYMENTS_ATTRIBUTE]);
}
