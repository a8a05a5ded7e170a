#!/usr/bin/env node
// The bundle, dist/clipsync.mjs, when it is there and no source is newer: what `npm pack` ships, and what
// `npm run build` makes in a checkout (it starts in a fraction of the time tsx takes to compile the sources).
// A checkout without a build, or with sources edited since it, runs the TypeScript sources through tsx, so
// `npx clipsync` always runs the code as it is now.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const bundle = here('../dist/clipsync.mjs');
// Only a checkout has sources: the published package is bin/ and dist/. @clipsync/shared is bundled in too.
const sources = existsSync(here('../src')) ? [here('../src'), here('../../shared/src')] : [];

function newestChange(folder) {
  if (!existsSync(folder)) return 0;
  let newest = 0;
  for (const name of readdirSync(folder, { recursive: true })) {
    newest = Math.max(newest, statSync(`${folder}/${name}`).mtimeMs);
  }
  return newest;
}

function bundleIsCurrent() {
  if (!existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  return sources.every((folder) => newestChange(folder) <= built);
}

let main;
if (bundleIsCurrent()) {
  main = await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  main = await import(new URL('../src/main.ts', import.meta.url).href);
}
process.exitCode = await main.runAsProcess();
