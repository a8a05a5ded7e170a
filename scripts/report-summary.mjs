// Adds up Vitest's and Playwright's JSON reports into one `N passed, N failed` line. A runner that wrote
// no report, or a Vitest file that failed to load or whose setup failed (its tests then report as skipped),
// counts as a failure: nothing passes by going missing.
import { existsSync, readFileSync } from 'node:fs';

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

export function summarizeReports(dir = '.reports') {
  let passed = 0;
  let failed = 0;
  const vitest = readJson(`${dir}/vitest.json`);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
    const brokenFiles = (vitest.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).every((result) => result.status !== 'failed'),
    );
    failed += brokenFiles.length;
  } else {
    failed += 1;
  }
  const playwright = readJson(`${dir}/playwright.json`);
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
    if ((playwright.errors ?? []).length > 0) failed += 1;
  } else {
    failed += 1;
  }
  return { passed, failed, line: `${passed} passed, ${failed} failed` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summarizeReports(process.argv[2]).line);
}
