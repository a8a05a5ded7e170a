import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { summarizeReports } from './report-summary.mjs';

// The CI's last line is this summary: a run that failed must never read `0 failed`, whatever made it fail.

const root = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipsync-summary-'));
  dirs.push(dir);
  return dir;
}

const playwrightPassed = { stats: { expected: 2, unexpected: 0, flaky: 0 }, errors: [] };

function writeReports(dir: string, reports: Record<string, unknown>): string {
  const reportsDir = join(dir, '.reports');
  mkdirSync(reportsDir, { recursive: true });
  for (const [name, report] of Object.entries(reports)) writeFileSync(join(reportsDir, name), JSON.stringify(report));
  return reportsDir;
}

test('a real Vitest run: a failed test is named with its project, and an unhandled error left by a passing one is counted failed, and says where', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { name: 'nested', globals: true } };");
  writeFileSync(
    join(dir, 'leak.test.js'),
    [
      "test('passes', () => { void Promise.reject(new Error('left behind')); });",
      "test('also passes', () => {});",
      "describe('a suite', () => { test('fails', () => { expect(1).toBe(2); }); });",
    ].join('\n'),
  );
  const vitest = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    [
      'run',
      '--root',
      dir,
      '--reporter=json',
      '--outputFile.json=.reports/vitest.json',
      `--reporter=${join(root, 'scripts/vitest-run-reporter.mjs')}`,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(vitest.status).toBe(1);
  const reportsDir = writeReports(dir, {
    'playwright.json': playwrightPassed,
    'exit-codes.json': { vitest: vitest.status, playwright: 0 },
  });

  const summary = summarizeReports(reportsDir);

  expect(summary.line).toBe('4 passed, 2 failed');
  expect(summary.reasons).toEqual([
    'Vitest [nested]: failed: leak.test.js › a suite › fails: expected 1 to be 2 // Object.is equality',
    `Vitest: unhandled error: left behind (while ${join(dir, 'leak.test.js')} ran)`,
  ]);
  // A whole Vitest run inside this one: seconds on CI's loaded cores.
}, 60_000);

test('a runner that exits failed with nothing failed in its report is counted once, and named', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': { numPassedTests: 5, numFailedTests: 0, testResults: [] },
    'playwright.json': playwrightPassed,
    'exit-codes.json': { vitest: 0, playwright: 1 },
  });

  const summary = summarizeReports(reportsDir);

  expect(summary.line).toBe('7 passed, 1 failed');
  expect(summary.reasons).toEqual(['Playwright exited 1 with nothing failed in its report: see its output above']);
});

test('a failed test is not counted twice for its runner exiting failed; missing reports count as failures', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': { numPassedTests: 5, numFailedTests: 2, testResults: [] },
    'exit-codes.json': { vitest: 1, playwright: 1 },
  });

  const summary = summarizeReports(reportsDir);

  expect(summary.line).toBe('5 passed, 3 failed');
  expect(summary.reasons).toEqual(['Playwright wrote no report']);
});

test('a clean run reads 0 failed with no reasons', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': { numPassedTests: 5, numFailedTests: 0, testResults: [] },
    'vitest-run.json': { reason: 'passed', unhandledErrors: [] },
    'playwright.json': playwrightPassed,
    'exit-codes.json': { vitest: 0, playwright: 0 },
  });

  expect(summarizeReports(reportsDir)).toEqual({ passed: 7, failed: 0, reasons: [], line: '7 passed, 0 failed' });
});

const playwrightFailedSpec = (title: string, error?: string) => ({
  title,
  file: 'landing.spec.ts',
  tests: [
    { status: 'expected', results: [{ status: 'passed' }] },
    { status: 'unexpected', results: [{ status: error ? 'failed' : 'timedOut', error: error && { message: error } }] },
  ],
});

test('each failed test is named by its file and title, with the first line of its error', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: join(process.cwd(), 'apps/server/src/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { ancestorTitles: [], title: 'passes', status: 'passed', failureMessages: [] },
            {
              ancestorTitles: ['a'],
              title: 'b',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3:1'],
            },
          ],
        },
      ],
    },
    'playwright.json': {
      config: { rootDir: join(process.cwd(), 'e2e') },
      stats: { expected: 2, unexpected: 2, flaky: 0 },
      errors: [],
      suites: [
        {
          title: 'landing.spec.ts',
          file: 'landing.spec.ts',
          specs: [playwrightFailedSpec('the pricing')],
          suites: [
            {
              title: 'on a phone',
              file: 'landing.spec.ts',
              specs: [
                playwrightFailedSpec(
                  'folds its links',
                  '\u001b[31mError: expect(locator).toBeVisible()\u001b[39m\n\nLocator: …',
                ),
              ],
            },
          ],
        },
      ],
    },
    'exit-codes.json': { vitest: 1, playwright: 1 },
  });

  const summary = summarizeReports(reportsDir);

  expect(summary.line).toBe('3 passed, 3 failed');
  expect(summary.reasons).toEqual([
    'Vitest: failed: apps/server/src/a.test.ts › a › b: AssertionError: expected 1 to be 2',
    'Playwright: failed: e2e/landing.spec.ts › the pricing: timedOut',
    'Playwright: failed: e2e/landing.spec.ts › on a phone › folds its links: Error: expect(locator).toBeVisible()',
  ]);
});

test('past fifteen failed tests, the rest are counted rather than named', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': { numPassedTests: 0, numFailedTests: 0, testResults: [] },
    'playwright.json': {
      stats: { expected: 0, unexpected: 17, flaky: 0 },
      errors: [],
      suites: [
        {
          title: 'landing.spec.ts',
          file: 'landing.spec.ts',
          specs: Array.from({ length: 17 }, (_, index) => playwrightFailedSpec(`journey ${index + 1}`)),
        },
      ],
    },
    'exit-codes.json': { vitest: 0, playwright: 1 },
  });

  const { reasons } = summarizeReports(reportsDir);

  expect(reasons).toHaveLength(16);
  expect(reasons[14]).toBe('Playwright: failed: landing.spec.ts › journey 15: timedOut');
  expect(reasons[15]).toBe('Playwright: and 2 more failed tests');
});

test('a report of an unexpected shape still gives the count, and says its names could not be read', () => {
  const reportsDir = writeReports(tempDir(), {
    'vitest.json': { numPassedTests: 3, numFailedTests: 1, testResults: [] },
    'vitest-run.json': { reason: 'failed', unhandledErrors: [], failedTests: [null] },
    'playwright.json': { stats: { expected: 1, unexpected: 1, flaky: 0 }, errors: [], suites: 'not a list' },
    'exit-codes.json': { vitest: 1, playwright: 1 },
  });

  const summary = summarizeReports(reportsDir);

  expect(summary.line).toBe('4 passed, 2 failed');
  expect(summary.reasons).toEqual([
    expect.stringMatching(/^Vitest: the failed tests' names could not be read from its report: /),
    expect.stringMatching(/^Playwright: the failed tests' names could not be read from its report: /),
  ]);
});
