/**
 * "landing page" (its budget: bench/README.md#results): the JavaScript a first visit to `/` downloads before the app
 * starts, gzip, from a fresh production build (never apps/web/dist), and Lighthouse's performance and accessibility
 * scores for `/` served by the real server (`apps/server/src/main.ts`, NODE_ENV=production) in headless Chromium.
 *
 *   npm run bench -- landing [--runs 3] [--preset both|mobile|desktop] [--skip-lighthouse]
 *                            [--chrome /usr/bin/chromium] [--timeout 600]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { median } from './lib/stats';
import { freePort } from './lib/http';

const INITIAL_JS_MAX_KB = 150;
const PERFORMANCE_MIN = 95;
const ACCESSIBILITY_MIN = 100;
/** Kilobytes as Vite prints them (1 000 bytes), so the figure reads the same as the build's own table. */
const KB = 1000;
const SERVER_READY_TIMEOUT_MS = 60_000;
// chrome-launcher starts a visible browser unless told; Playwright adds --headless itself.
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'both' },
    'skip-lighthouse': { type: 'boolean', default: false },
    chrome: { type: 'string', default: CHROMIUM_PATH },
    timeout: { type: 'string', default: '600' },
  },
});
const runs = positiveInt('landing', 'runs', values.runs);
if (values.preset !== 'both' && values.preset !== 'mobile' && values.preset !== 'desktop') {
  console.error(`landing: --preset must be both, mobile or desktop, got "${values.preset}"`);
  process.exit(1);
}
type Preset = 'mobile' | 'desktop';
/** Both by default: the budget's score is a phone's as much as a desktop's, and each is judged on its own. */
const presets: Preset[] = values.preset === 'both' ? ['mobile', 'desktop'] : [values.preset];
/** What each preset simulates (Lighthouse's own settings): the figure means nothing without it. */
const PRESETS = {
  mobile: 'mobile (Lighthouse default): Moto G Power screen, simulated slow 4G, 4x CPU slowdown',
  desktop: 'desktop: 1350x940 screen, simulated 10 Mbit/s with 40 ms RTT, no CPU slowdown',
} as const;
const disarm = guardScenario('landing', positiveInt('landing', 'timeout', values.timeout));

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(repoRoot, 'apps/web');
const workDir = temporaryDirectory('clipsync-landing-');
const distDir = join(workDir, 'dist');

/** Resolves when the child exits 0; its output goes to our stderr, our stdout carries only the result. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 2, 2] });
    onCleanup(() => void child.kill('SIGKILL'));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * A production build as `npm run build` makes it, into the temporary directory. NODE_ENV is dropped, not
 * inherited: a `development` left in the shell would measure React's development build. The manifest is
 * Vite's own record of which chunk statically imports which.
 */
async function buildWeb(): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  // Vite is the web workspace's own dependency, so it is resolved from there.
  const vite = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const args = [vite, 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  await run(process.execPath, args, { cwd: webDir, env });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it statically imports, recursively: what the browser fetches before running it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const gzipKb = (file: string) =>
  Math.round(gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 10) / (KB / 10);
const sumKb = (files: Array<{ gzipKb: number }>) =>
  Math.round(files.reduce((total, file) => total + file.gzipKb, 0) * 10) / 10;

/**
 * Initial JS: index.html's module script and modulepreloads, which are the entry's static imports; the
 * manifest's closure is checked against the HTML so the two definitions cannot drift apart unseen. The
 * landing route's figure adds the lazily loaded page chunk and its imports: what `/` loads before any input.
 */
function measureJs() {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g),
  ]
    .map((match) => match[1]!)
    .sort();
  const initial = staticClosure(manifest, 'index.html');
  if (JSON.stringify([...initial].sort()) !== JSON.stringify(fromHtml)) {
    throw new Error(`index.html loads ${fromHtml.join(', ')} but the manifest says ${[...initial].join(', ')}`);
  }
  const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/LandingPage.tsx'));
  if (!landingKey) throw new Error('no LandingPage chunk in the build manifest');
  const landingOnly = [...staticClosure(manifest, landingKey)].filter((file) => !initial.has(file));
  const initialFiles = [...initial].map((file) => ({ file, gzipKb: gzipKb(file) }));
  const landingRouteFiles = landingOnly.map((file) => ({ file, gzipKb: gzipKb(file) }));
  initialFiles.sort((a, b) => b.gzipKb - a.gzipKb);
  landingRouteFiles.sort((a, b) => b.gzipKb - a.gzipKb);
  const initialJsGzipKb = sumKb(initialFiles);
  return {
    initialJsGzipKb,
    initialFiles,
    landingRouteJsGzipKb: Math.round((initialJsGzipKb + sumKb(landingRouteFiles)) * 10) / 10,
    landingRouteFiles,
  };
}

/** The real server process (`main.ts`: every plugin, the security headers, the SPA fallback) on the build. */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(repoRoot, 'apps/server/src/main.ts')],
    {
      stdio: ['ignore', 2, 2],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: join(workDir, 'data'),
        WEB_DIST_DIR: distDir,
        JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
      },
    },
  );
  onCleanup(() => void child.kill('SIGKILL'));
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${SERVER_READY_TIMEOUT_MS} ms`);
}

const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  totalBlockingTimeMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cumulativeLayoutShift: 'cumulative-layout-shift',
} as const;
type Metric = keyof typeof METRICS;

interface LighthouseSample {
  performance: number;
  accessibility: number;
  metrics: Record<Metric, number>;
  /** Accessibility audits that failed (an accessibility score below 100 names them here). */
  failedAccessibilityAudits: string[];
}

/**
 * Lighthouse's mobile (default) or desktop run. Throttling is simulated (Lantern: the page loads unthrottled
 * and its trace is replayed under the model), so the CPU figures still move with the machine's load; one
 * Chromium serves all runs and the median is reported.
 */
async function runLighthouse(url: string, preset: Preset): Promise<{ samples: LighthouseSample[] }> {
  const [{ default: lighthouse, desktopConfig }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: values.chrome,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  onCleanup(() => void chrome.kill());
  const samples: LighthouseSample[] = [];
  try {
    for (let index = 1; index <= runs; index++) {
      const result = await lighthouse(
        `${url}/`,
        { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      const sample: LighthouseSample = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        metrics: Object.fromEntries(
          Object.entries(METRICS).map(([name, audit]) => {
            const value = audits[audit]?.numericValue ?? Number.NaN;
            return [name, name === 'cumulativeLayoutShift' ? Math.round(value * 1000) / 1000 : Math.round(value)];
          }),
        ) as Record<Metric, number>,
        failedAccessibilityAudits: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      };
      console.error(
        `landing: Lighthouse ${preset} run ${index}: performance ${sample.performance}, accessibility ${sample.accessibility}`,
      );
      samples.push(sample);
    }
  } finally {
    chrome.kill();
  }
  return { samples };
}

console.error('landing: building the web app (production) into a temporary directory');
await buildWeb();
const js = measureJs();
console.error(`landing: initial JS ${js.initialJsGzipKb} KB gzip (${js.initialFiles.length} files)`);

/** One preset's medians, judged against the budget. */
function summarize(preset: Preset, samples: LighthouseSample[]) {
  const performance = median(samples.map((sample) => sample.performance));
  const accessibility = median(samples.map((sample) => sample.accessibility));
  const performances = samples.map((sample) => sample.performance);
  return {
    preset: PRESETS[preset],
    runs,
    performance,
    performanceMin: PERFORMANCE_MIN,
    accessibility,
    accessibilityMin: ACCESSIBILITY_MIN,
    withinBudget: performance >= PERFORMANCE_MIN && accessibility >= ACCESSIBILITY_MIN,
    /** The machine is shared: the runs' spread says how much the median can be trusted. */
    performanceRange: [Math.min(...performances), Math.max(...performances)],
    metrics: Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((name) => [name, median(samples.map((sample) => sample.metrics[name]))]),
    ),
    failedAccessibilityAudits: [...new Set(samples.flatMap((sample) => sample.failedAccessibilityAudits))],
    samples: samples.map(({ performance: perf, accessibility: a11y }) => ({ performance: perf, accessibility: a11y })),
  };
}

let lighthouse: Partial<Record<Preset, ReturnType<typeof summarize>>> | null = null;
let lighthouseSkipped: string | null = null;
let scoresWithinBudget = true;
if (values['skip-lighthouse']) {
  lighthouseSkipped = '--skip-lighthouse';
} else {
  try {
    const server = await startServer();
    const results: Partial<Record<Preset, ReturnType<typeof summarize>>> = {};
    for (const preset of presets) {
      const { samples } = await runLighthouse(server.url, preset);
      const summary = summarize(preset, samples);
      console.error(
        `landing: ${preset}: performance ${summary.performance} (budget ≥ ${PERFORMANCE_MIN}), accessibility ` +
          `${summary.accessibility} (budget ${ACCESSIBILITY_MIN}): ${summary.withinBudget ? 'met' : 'missed'}`,
      );
      results[preset] = summary;
      scoresWithinBudget &&= summary.withinBudget;
    }
    server.child.kill('SIGTERM');
    lighthouse = results;
  } catch (error) {
    // The JS figure stands on its own; a machine where Chromium cannot run still gets it.
    lighthouseSkipped = error instanceof Error ? error.message : String(error);
    scoresWithinBudget = true;
    console.error(`landing: Lighthouse did not run: ${lighthouseSkipped}`);
  }
}

const jsWithinBudget = js.initialJsGzipKb <= INITIAL_JS_MAX_KB;
const withinBudget = jsWithinBudget && scoresWithinBudget;
disarm();
await printResult(
  {
    scenario: 'landing',
    machine: machine(),
    initialJsGzipKb: js.initialJsGzipKb,
    initialFiles: js.initialFiles,
    landingRouteJsGzipKb: js.landingRouteJsGzipKb,
    landingRouteFiles: js.landingRouteFiles,
    lighthouse,
    ...(lighthouseSkipped ? { lighthouseSkipped } : {}),
    budget: {
      initialJsGzipKbMax: INITIAL_JS_MAX_KB,
      performanceMin: PERFORMANCE_MIN,
      accessibilityMin: ACCESSIBILITY_MIN,
    },
    jsWithinBudget,
    withinBudget,
  },
  !withinBudget,
);
