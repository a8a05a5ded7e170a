import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export const SW_FILE = 'sw.js';
/** Not the shell: maps, the precompressed copies (the browser asks for the plain name), the worker itself. */
const NOT_PRECACHED = /(\.map|\.br|\.gz)$|^sw\.js$/;

/**
 * Builds the service worker (src/pwa/sw.ts) into dist/sw.js after the app, with the list of the build's
 * files to keep for offline use and a version that is a hash of their contents: any change to the app makes
 * a new sw.js, which is how the browser learns of a new version (src/pwa/update-prompt.ts).
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'clipsync-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // Once the bundle and the public files are written, and before precompress (closeBundle) reads sw.js.
    async writeBundle() {
      const names = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) =>
          join(entry.parentPath, entry.name)
            .slice(outDir.length + 1)
            .split('\\')
            .join('/'),
        )
        .filter((name) => !NOT_PRECACHED.test(name))
        .sort();
      const hash = createHash('sha256');
      for (const name of names) hash.update(name).update(await readFile(join(outDir, name)));
      await build({
        entryPoints: [join(root, 'src', 'pwa', 'sw.ts')],
        outfile: join(outDir, SW_FILE),
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        logLevel: 'warning',
        define: {
          __SW_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 16)),
          __SW_PRECACHE__: JSON.stringify(names.map((name) => `/${name}`)),
        },
      });
    },
  };
}
