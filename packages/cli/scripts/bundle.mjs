// `npm pack`/`npm publish` run this (prepack): src/ becomes one file, dist/clipsync.mjs. @clipsync/shared is
// private to this repository and zod comes with it, so both are bundled in; the published dependencies
// (socket.io-client, qrcode) stay outside, installed by npm beside the package.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/clipsync.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(dependencies),
  // Bundled CommonJS (none today, but a dependency of shared may be) needs a `require` in an ES module.
  banner: {
    js: "import { createRequire as __clipsyncRequire } from 'node:module'; const require = __clipsyncRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
