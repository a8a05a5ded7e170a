// Writes what Vitest's JSON report leaves out: how the run ended and its unhandled errors. Either makes
// Vitest exit 1 with every test passed, so the summary would otherwise read `N passed, 0 failed` for a
// failed run, and say nothing of why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class VitestRunReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? '.reports/vitest-run.json';
  }

  onTestRunEnd(_modules, unhandledErrors, reason) {
    const errors = unhandledErrors.map((error) => {
      const message = error?.message ?? String(error);
      const testFile = error?.VITEST_TEST_PATH;
      return testFile ? `${message} (while ${testFile} ran)` : message;
    });
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify({ reason, unhandledErrors: errors }, null, 2));
  }
}
