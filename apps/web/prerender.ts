import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes the landing page's HTML into the built index.html's `#root` (src/prerender/render.tsx renders
 * it), so that a phone on a slow network paints `/` from the HTML alone instead of waiting for React,
 * the router and the page's chunk to download and run (docs/decisions/002-prerendered-landing.md,
 * `npm run bench -- landing`). A failed render fails the build: an index.html without the page would pass
 * unnoticed otherwise.
 */
export function prerenderLanding(): Plugin {
  let root = '';
  return {
    name: 'clipsync-prerender-landing',
    apply: 'build',
    // After Vite's own HTML plugin has emitted index.html, and before precompress copies it.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string' || !index.source.includes(EMPTY_ROOT)) {
        this.error(`index.html has no empty ${EMPTY_ROOT} to prerender the landing page into`);
      }
      // Vite's SSR loader gives the app's source (TSX, JSON, workspace packages) to Node as it is.
      const server = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/src/prerender/render.tsx')) as {
          renderLanding: () => Promise<string>;
        };
        const html = await renderLanding();
        index.source = index.source.replace(EMPTY_ROOT, `<div id="root">${html}</div>`);
      } finally {
        await server.close();
      }
    },
  };
}
