#!/usr/bin/env node
// Compiles the server once into apps/server/dist/main.js (and the first-open child and the database's worker beside it), so that `npm start` runs
// plain JavaScript instead of transpiling every TypeScript file through a loader at each start (start time and memory:
// docs/decisions/001-compiled-server-start.md). Our own code (the server and @clipsync/shared, which ships TypeScript
// sources) is bundled; every npm package stays an import of node_modules, resolved at run time as before.
// `--outdir <folder of apps/server>` builds elsewhere: the tests' own copy (apps/server/test/server-build.ts).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const { outdir = `${serverDir}dist` } = parseArgs({ options: { outdir: { type: 'string' } } }).values;
const ownPackage = /^@clipsync\//;

await build({
  // pglite-first-open.js: the short-lived process that initialises an empty DATA_DIR (db/pglite-first-open.ts);
  // pglite-worker.js: the thread the embedded database runs on, with the queued writes (database-worker.ts).
  entryPoints: {
    main: `${serverDir}src/main.ts`,
    'pglite-first-open': `${serverDir}src/db/pglite-first-open-child.ts`,
    'pglite-worker': `${serverDir}src/database-worker.ts`,
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // main.js loads the rest of the server with import() while the database starts (src/main.ts); the three
  // entries' shared modules go into chunks beside them.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, ({ path }) => (ownPackage.test(path) ? undefined : { external: true }));
      },
    },
  ],
});
