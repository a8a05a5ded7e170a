// Adds up Vitest's and Playwright's JSON reports into one `N passed, N failed` line. A runner that wrote
// no report, a Vitest file that failed to load or whose setup failed (its tests then report as skipped),
// a Vitest run's unhandled errors (scripts/vitest-run-reporter.mjs), and a runner that exited failed with nothing
// failed in its report (scripts/test.mjs writes the exit codes) count as failures: nothing passes by going
// missing. `reasons` names each failure, a failed test by its file and title: CI keeps only the tail of the
// output, where the runners' own accounts of a failure have scrolled away.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const firstLine = (text) => stripVTControlCharacters(String(text)).trim().split('\n')[0];
// Enough to say what failed when a change broke many tests, few enough to stay in CI's tail.
const MAX_NAMED_TESTS = 15;

/**
 * `Vitest [server-postgres]: failed: file › describe › test: the first line of its error`, as far as the cap.
 * `readFailedTests` reads them from a report; should it trip on a report of an unexpected shape, the count stands
 * and the line says so.
 */
function nameFailedTests(runner, readFailedTests) {
  let failedTests;
  try {
    failedTests = readFailedTests();
  } catch (error) {
    return [`${runner}: the failed tests' names could not be read from its report: ${firstLine(error)}`];
  }
  const named = failedTests
    .slice(0, MAX_NAMED_TESTS)
    .map(({ where, title, message }) => `${where}: failed: ${title}: ${firstLine(message)}`);
  const more = failedTests.length - named.length;
  if (more === 0) return named;
  return [...named, `${runner}: and ${more} more failed ${more === 1 ? 'test' : 'tests'}`];
}

/** From the run reporter, which knows each test's project; else from the JSON report, which does not. */
function vitestFailedTests(report, run) {
  if (Array.isArray(run?.failedTests)) {
    return run.failedTests.map(({ project, file, title, message }) => ({
      where: `Vitest [${project}]`,
      title: `${file} › ${title}`,
      message,
    }));
  }
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((result) => result.status === 'failed')
      .map((result) => ({
        where: 'Vitest',
        title: `${relative(process.cwd(), String(file.name))} › ${[...(result.ancestorTitles ?? []), result.title].join(' › ')}`,
        message: result.failureMessages?.[0] ?? '',
      })),
  );
}

function vitestFailures(dir, exitCode) {
  const report = readJson(`${dir}/vitest.json`);
  if (!report) return { passed: 0, failed: 1, reasons: ['Vitest wrote no report'] };
  let failed = report.numFailedTests ?? 0;
  const run = readJson(`${dir}/vitest-run.json`);
  const reasons = nameFailedTests('Vitest', () => vitestFailedTests(report, run));
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).every((result) => result.status !== 'failed'),
  );
  failed += brokenFiles.length;
  for (const file of brokenFiles)
    reasons.push(`Vitest: ${file.name} failed outside its tests: ${firstLine(file.message)}`);
  for (const error of run?.unhandledErrors ?? []) reasons.push(`Vitest: unhandled error: ${firstLine(error)}`);
  failed += run?.unhandledErrors?.length ?? 0;
  if (run?.reason === 'interrupted') {
    failed += 1;
    reasons.push('Vitest: the run was interrupted');
  }
  if (exitCode && failed === 0) {
    failed += 1;
    reasons.push(`Vitest exited ${exitCode} with nothing failed in its report: see its output above`);
  }
  return { passed: report.numPassedTests ?? 0, failed, reasons };
}

// Playwright's report nests suites (a file, then its describe blocks) down to specs, each test with its runs;
// a spec's file is relative to the tests' directory.
function unexpectedTests(suites, testDir, titles = []) {
  return suites.flatMap((suite) => {
    const path = suite.file === suite.title ? [] : [...titles, suite.title];
    const specs = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const lastRun = Array.isArray(test.results) ? test.results.at(-1) : undefined;
          return {
            where: 'Playwright',
            title: `${relative(process.cwd(), join(testDir, String(spec.file)))} › ${[...path, spec.title].join(' › ')}`,
            message: lastRun?.error?.message ?? lastRun?.status ?? '',
          };
        }),
    );
    return [...specs, ...unexpectedTests(suite.suites ?? [], testDir, path)];
  });
}

function playwrightFailures(dir, exitCode) {
  const report = readJson(`${dir}/playwright.json`);
  if (!report?.stats) return { passed: 0, failed: 1, reasons: ['Playwright wrote no report'] };
  let failed = report.stats.unexpected ?? 0;
  const testDir = report.config?.rootDir ?? process.cwd();
  const reasons = nameFailedTests('Playwright', () => unexpectedTests(report.suites ?? [], testDir));
  if ((report.errors ?? []).length > 0) {
    failed += 1;
    for (const error of report.errors) reasons.push(`Playwright: ${firstLine(error.message ?? JSON.stringify(error))}`);
  }
  if (exitCode && failed === 0) {
    failed += 1;
    reasons.push(`Playwright exited ${exitCode} with nothing failed in its report: see its output above`);
  }
  return { passed: (report.stats.expected ?? 0) + (report.stats.flaky ?? 0), failed, reasons };
}

export function summarizeReports(dir = '.reports') {
  const exitCodes = readJson(`${dir}/exit-codes.json`) ?? {};
  const runners = [vitestFailures(dir, exitCodes.vitest), playwrightFailures(dir, exitCodes.playwright)];
  const passed = runners.reduce((sum, runner) => sum + runner.passed, 0);
  const failed = runners.reduce((sum, runner) => sum + runner.failed, 0);
  return {
    passed,
    failed,
    reasons: runners.flatMap((runner) => runner.reasons),
    line: `${passed} passed, ${failed} failed`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const summary = summarizeReports(process.argv[2]);
  // The reasons go to stderr: .ci/run reads the one line from stdout.
  for (const reason of summary.reasons) console.error(reason);
  console.log(summary.line);
}
