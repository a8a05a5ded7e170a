// Writes what Vitest's JSON report leaves out: how the run ended and its unhandled errors (either makes
// Vitest exit 1 with every test passed, so the summary would otherwise read `N passed, 0 failed` for a
// failed run, and say nothing of why), and the project of each failed test: the server's files run on PGlite
// and on PostgreSQL, and a failure on one only reads the same as on the other without it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** The titles of a test's describe blocks and its own, outermost first. */
function titlesOf(test) {
  const titles = [test.name];
  for (let suite = test.parent; suite && suite.type !== 'module'; suite = suite.parent) titles.unshift(suite.name);
  return titles;
}

function failedTestsOf(modules) {
  return modules.flatMap((module) =>
    [...module.children.allTests('failed')].map((test) => ({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      title: titlesOf(test).join(' › '),
      message: test.result().errors?.[0]?.message ?? '',
    })),
  );
}

export default class VitestRunReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? '.reports/vitest-run.json';
  }

  onTestRunEnd(modules, unhandledErrors, reason) {
    const errors = unhandledErrors.map((error) => {
      const message = error?.message ?? String(error);
      const testFile = error?.VITEST_TEST_PATH;
      return testFile ? `${message} (while ${testFile} ran)` : message;
    });
    mkdirSync(dirname(this.outputFile), { recursive: true });
    const failedTests = failedTestsOf(modules);
    writeFileSync(this.outputFile, JSON.stringify({ reason, unhandledErrors: errors, failedTests }, null, 2));
  }
}
