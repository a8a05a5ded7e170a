// `npm run build` (the root's too), `npm pack` and `npm publish` (prepack) run this: src/ becomes one file,
// dist/clipsync.mjs, which bin/clipsync.mjs runs while no source is newer. @clipsync/shared is
// private to this repository and zod comes with it, so both are bundled in; the published dependencies
// (socket.io-client, qrcode) stay outside, installed by npm beside the package. `--outfile PATH` writes the
// bundle elsewhere (the test that runs it), leaving dist/ alone.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const { values } = parseArgs({ options: { outfile: { type: 'string', default: 'dist/clipsync.mjs' } } });

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile: values.outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(dependencies),
  // A bundled CommonJS module (a dependency of a dependency) may call `require`, which an ES module lacks.
  banner: {
    js: "import { createRequire as __clipsyncRequire } from 'node:module'; const require = __clipsyncRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
