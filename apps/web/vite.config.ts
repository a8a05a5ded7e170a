import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerenderLanding } from './prerender.ts';
import { serviceWorker } from './sw-build.ts';

/** In development the API and sockets are proxied to the server on :3000 (`npm run dev`). */
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  // No modulepreload polyfill in the first load: every browser the app supports preloads modules itself (Safari
  // from 17), and one that does not only loads the chunks a moment later.
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: true, modulePreload: { polyfill: false } },
});
