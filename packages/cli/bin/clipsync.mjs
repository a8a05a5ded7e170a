#!/usr/bin/env node
// The published package runs its bundle; a checkout (after `npm install`, no build step) runs the
// TypeScript sources through tsx, so `npx clipsync` works from a clone as it is.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/clipsync.mjs', import.meta.url));
let main;
if (existsSync(bundle)) {
  main = await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  main = await import(new URL('../src/main.ts', import.meta.url).href);
}
process.exitCode = await main.runAsProcess();
