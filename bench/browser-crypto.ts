/**
 * "browser crypto" (docs/encryption.md; figures in bench/README.md#results): what end-to-end encryption costs a browser.
 * In headless Chromium (Debian's, never a download), a 10 MiB file is sealed and opened with the web app's own
 * code (apps/web/src/lib/sealed-files.ts over @clipsync/shared/crypto, bundled for the page by esbuild): encrypt
 * is `sealFile` (File.stream() → encryptFileStream → a Blob, as the upload does), decrypt is `openSealedFile`
 * (a stream of the sealed Blob → decryptFileStream → a Blob, as a download does). Prints MB/s of plaintext
 * (1 MB = 10^6 bytes) for each, the median of the runs, and the one-off PBKDF2 stretch of a password.
 *
 *   npm run bench -- browser-crypto [--runs 5] [--mib 10] [--chrome /usr/bin/chromium] [--timeout 300]
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { bundlePageScript } from './lib/page-bundle';
import { guardScenario, machine, onCleanup, positiveInt, printResult } from './lib/scenario';
import { median } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    mib: { type: 'string', default: '10' },
    chrome: { type: 'string', default: CHROMIUM_PATH },
    timeout: { type: 'string', default: '300' },
  },
});
const runs = positiveInt('browser-crypto', 'runs', values.runs);
const bytes = positiveInt('browser-crypto', 'mib', values.mib) * 1024 * 1024;
const disarm = guardScenario('browser-crypto', positiveInt('browser-crypto', 'timeout', values.timeout));

/** What the bundle puts on the page's `window`, and what one run answers. */
interface PageBench {
  run(bytes: number): Promise<{ encryptMs: number; decryptMs: number; sealedBytes: number; intact: boolean }>;
  passwordStretchMs(): Promise<number>;
}
/**
 * The page's global as the bundle leaves it (bench/tsconfig.json has no DOM types: `window` is `globalThis`).
 * Written out inside each evaluate: a function sent to the page takes none of this file's scope with it.
 */
type BenchGlobal = { cryptoBench: PageBench };

// Runs in the page: the app's sealing and opening, timed with the page's clock, checked byte for byte.
const PAGE_ENTRY = `
import { ShareKey, encryptText } from '@clipsync/shared/crypto';
import { openSealedFile, sealFile } from './apps/web/src/lib/sealed-files.ts';

function randomBytes(length) {
  const data = new Uint8Array(length);
  for (let at = 0; at < length; at += 65536) crypto.getRandomValues(data.subarray(at, Math.min(length, at + 65536)));
  return data;
}

window.cryptoBench = {
  async run(length) {
    const plain = randomBytes(length);
    const file = new File([plain], 'bench.bin', { type: 'application/octet-stream' });
    const key = ShareKey.generate();
    const started = performance.now();
    const sealed = await sealFile(file, key);
    const sealedAt = performance.now();
    const opened = await openSealedFile(sealed.stream(), key);
    const openedAt = performance.now();
    const back = new Uint8Array(await opened.blob.arrayBuffer());
    const intact = back.length === plain.length && back.every((byte, index) => byte === plain[index]) && opened.name === 'bench.bin';
    return { encryptMs: sealedAt - started, decryptMs: openedAt - sealedAt, sealedBytes: sealed.size, intact };
  },
  async passwordStretchMs() {
    const started = performance.now();
    await encryptText('x', ShareKey.generate({ password: 'correct horse battery staple' }));
    return performance.now() - started;
  },
};
`;

const script = await bundlePageScript(PAGE_ENTRY, 'browser-crypto-page.js');

const browser = await chromium.launch({ executablePath: values.chrome, args: CHROMIUM_FLAGS, headless: true });
onCleanup(() => browser.close());
const page = await browser.newPage();
// WebCrypto needs a secure context: http://localhost is one, answered here without a server.
const PAGE_URL = 'http://localhost/browser-crypto';
await page.route(PAGE_URL, (route) =>
  route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>browser-crypto</title>' }),
);
await page.goto(PAGE_URL);
await page.addScriptTag({ content: script });

const MB = 1_000_000;
const results: Array<{ encryptMBps: number; decryptMBps: number; sealedBytes: number; intact: boolean }> = [];
// One run first to warm the JIT and WebCrypto, not counted.
await page.evaluate((length) => (globalThis as unknown as BenchGlobal).cryptoBench.run(length), bytes);
for (let i = 0; i < runs; i++) {
  const run = await page.evaluate((length) => (globalThis as unknown as BenchGlobal).cryptoBench.run(length), bytes);
  results.push({
    encryptMBps: bytes / MB / (run.encryptMs / 1000),
    decryptMBps: bytes / MB / (run.decryptMs / 1000),
    sealedBytes: run.sealedBytes,
    intact: run.intact,
  });
  console.error(
    `run ${i + 1}/${runs}: encrypt ${results.at(-1)!.encryptMBps.toFixed(1)} MB/s, decrypt ${results.at(-1)!.decryptMBps.toFixed(1)} MB/s`,
  );
}
const stretches: number[] = [];
for (let i = 0; i < 3; i++)
  stretches.push(await page.evaluate(() => (globalThis as unknown as BenchGlobal).cryptoBench.passwordStretchMs()));
const browserVersion = browser.version();
disarm();

const round = (value: number) => Math.round(value * 10) / 10;
const allIntact = results.every((run) => run.intact);
await printResult(
  {
    scenario: 'browser-crypto',
    machine: { ...machine(), chromium: browserVersion },
    file: { plaintextBytes: bytes, sealedBytes: results[0]?.sealedBytes },
    unit: 'MB/s of plaintext, 1 MB = 1 000 000 bytes',
    runs,
    encryptMBps: {
      median: round(median(results.map((run) => run.encryptMBps))),
      runs: results.map((run) => round(run.encryptMBps)),
    },
    decryptMBps: {
      median: round(median(results.map((run) => run.decryptMBps))),
      runs: results.map((run) => round(run.decryptMBps)),
    },
    passwordStretchMs: {
      median: Math.round(median(stretches)),
      note: 'PBKDF2-SHA256, 600 000 iterations, once per share',
    },
    intact: allIntact,
  },
  !allIntact,
);
