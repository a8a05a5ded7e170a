/**
 * "service worker" (its budget: bench/README.md#results): what a phone downloads to install the app's service
 * worker, `sw.js` from a fresh production build (never apps/web/dist), minified and gzip, with the ten modules
 * that weigh most in it (esbuild's record of the same build's inputs).
 *
 *   npm run bench -- service-worker [--timeout 300]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { buildWeb, webDir } from './lib/built-app';

const GZIP_MAX_KB = 30;
/** Kilobytes as Vite prints them (1 000 bytes), as the landing scenario counts them. */
const KB = 1000;

const { values } = parseArgs({ options: { timeout: { type: 'string', default: '300' } } });
const disarm = guardScenario('service-worker', positiveInt('service-worker', 'timeout', values.timeout));

const distDir = join(temporaryDirectory('clipsync-sw-'), 'dist');
console.error('service-worker: building the web app (production) into a temporary directory');
await buildWeb(distDir);
const worker = readFileSync(join(distDir, 'sw.js'));
const gzipKb = Math.round(gzipSync(worker, { level: 9 }).length / 100) / 10;

// Which modules weigh most: the worker's entry bundled again with the build's options and a metafile.
const { build } = await import('esbuild');
const bundled = await build({
  entryPoints: [join(webDir, 'src', 'pwa', 'sw.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  write: false,
  metafile: true,
  define: { __SW_VERSION__: '""', __SW_PRECACHE__: '[]' },
});
const inputs = Object.values(bundled.metafile.outputs)[0]?.inputs ?? {};
const heaviest = Object.entries(inputs)
  .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
  .slice(0, 10)
  .map(([file, { bytesInOutput }]) => ({ file: file.replace(/^(\.\.\/)+/, ''), minifiedKb: bytesInOutput / KB }));

const withinBudget = gzipKb <= GZIP_MAX_KB;
console.error(`service-worker: sw.js ${gzipKb} KB gzip (budget ≤ ${GZIP_MAX_KB}): ${withinBudget ? 'met' : 'missed'}`);
disarm();
await printResult(
  {
    scenario: 'service-worker',
    machine: machine(),
    minifiedKb: Math.round(worker.length / 100) / 10,
    gzipKb,
    gzipMaxKb: GZIP_MAX_KB,
    withinBudget,
    heaviest,
  },
  !withinBudget,
);
