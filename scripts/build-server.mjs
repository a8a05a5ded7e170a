#!/usr/bin/env node
// Compiles the server once into apps/server/dist/main.js, so that `npm start` runs plain JavaScript instead
// of transpiling every TypeScript file through a loader at each start (ARCHITECTURE §8: start time and
// memory). Our own code (the server and @clipsync/shared, which ships TypeScript sources) is bundled;
// every npm package stays an import of node_modules, resolved at run time as before.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const ownPackage = /^@clipsync\//;

await build({
  entryPoints: [`${serverDir}src/main.ts`],
  outfile: `${serverDir}dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
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
