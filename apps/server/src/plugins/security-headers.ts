import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict CSP: no inline script anywhere; websockets to our own origin only.
 * helmet's middleware is built once here and run on every response. @fastify/helmet built it again on
 * every request (parsing the CSP directives each time), a few per cent of a remembered answer's CPU.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly compiled from our own scripts (Argon2id for the clipboard key: hash-wasm), not JavaScript's
      // eval: CSP has no way to allow WebAssembly from a same-origin file alone, and without it Chromium refuses.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // React and Radix position popovers through inline style properties.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The installed app: its manifest and its service worker (apps/web/src/pwa), from our origin only.
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
});

/** On the app itself, not an encapsulated plugin: every route of every area gets them. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Set on the raw response first: a route's own header of the same name (a download's sandbox CSP) wins.
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
}
