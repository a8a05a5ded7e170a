/**
 * "landing page" (its budget: bench/README.md#results): the JavaScript a first visit to `/` downloads before the app
 * starts, gzip, from a fresh production build (never apps/web/dist), and Lighthouse's performance and accessibility
 * scores for `/` served by the real server (`apps/server/src/main.ts`, NODE_ENV=production) in headless Chromium.
 *
 *   npm run bench -- landing [--runs 3] [--preset both|mobile|desktop] [--skip-lighthouse]
 *                            [--chrome /usr/bin/chromium] [--timeout 600] [--report-dir DIR]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { guardScenario, machine, onCleanup, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { median } from './lib/stats';
import { buildWeb, startAppServer } from './lib/built-app';

const INITIAL_JS_MAX_KB = 150;
const PERFORMANCE_MIN = 95;
const ACCESSIBILITY_MIN = 100;
/** Kilobytes as Vite prints them (1 000 bytes), so the figure reads the same as the build's own table. */
const KB = 1000;
// chrome-launcher starts a visible browser unless told; Playwright adds --headless itself.
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'both' },
    'skip-lighthouse': { type: 'boolean', default: false },
    chrome: { type: 'string', default: CHROMIUM_PATH },
    timeout: { type: 'string', default: '600' },
    /** Where each run's whole Lighthouse report goes (`<preset>-<run>.json`): its long tasks, bootup time, … */
    'report-dir': { type: 'string' },
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

const workDir = temporaryDirectory('clipsync-landing-');
const distDir = join(workDir, 'dist');

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
 * and its trace is replayed under the model), so the CPU figures still move with the machine's load; the
 * median is reported. Each run has a Chromium of its own: with one for all, the third run of the page that
 * hydrates on its first use read `NO_NAVSTART` twice in three benches, and one failed run voids the median.
 */
async function runLighthouse(url: string, preset: Preset): Promise<{ samples: LighthouseSample[] }> {
  const [{ default: lighthouse, desktopConfig }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const samples: LighthouseSample[] = [];
  for (let index = 1; index <= runs; index++) {
    const chrome = await chromeLauncher.launch({
      chromePath: values.chrome,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    onCleanup(() => void chrome.kill());
    try {
      const result = await lighthouse(
        `${url}/`,
        { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
      const reportDir = values['report-dir'];
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${preset}-${index}.json`), JSON.stringify(result.lhr));
      }
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
    } finally {
      chrome.kill();
    }
  }
  return { samples };
}

console.error('landing: building the web app (production) into a temporary directory');
await buildWeb(distDir);
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
    const server = await startAppServer({ distDir, dataDir: join(workDir, 'data') });
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
