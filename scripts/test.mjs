#!/usr/bin/env node
// `npm test`: every Vitest project, then the Playwright journeys, each writing a JSON report under
// .reports/; both always run, and the last line is the combined `N passed, N failed`, after a line naming each
// failure (scripts/report-summary.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { summarizeReports } from './report-summary.mjs';

rmSync('.reports', { recursive: true, force: true });
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.reports/vitest.json',
  '--reporter=./scripts/vitest-run-reporter.mjs',
]);
// The server builds that test processes made for themselves (apps/server/test/server-build.ts): Vitest ends its
// workers with a signal, so none removes its own.
for (const name of readdirSync('apps/server').filter((entry) => entry.startsWith('dist-test-'))) {
  rmSync(`apps/server/${name}`, { recursive: true, force: true });
}
const playwrightStatus = run('npx', ['playwright', 'test']);
mkdirSync('.reports', { recursive: true });
writeFileSync('.reports/exit-codes.json', JSON.stringify({ vitest: vitestStatus, playwright: playwrightStatus }));

const summary = summarizeReports();
for (const reason of summary.reasons) console.log(reason);
console.log(summary.line);
process.exit(vitestStatus === 0 && playwrightStatus === 0 && summary.failed === 0 ? 0 : 1);
