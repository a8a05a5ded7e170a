import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp } from './build-test-app';
import { redoclyLint } from './redocly-lint';

/**
 * `npm run lint`'s check of the API document: the server's OpenAPI document as `/api/docs/json` serves it,
 * built by buildApp() without listening (every optional route on), written to a file and linted by Redocly
 * with the repository's redocly.yaml. Exit 1 on any error; warnings are shown.
 *
 *   npx tsx apps/server/test/openapi-lint-cli.ts [file]     (the document is kept in `file` when given)
 */
const kept = process.argv[2];
const testApp = await buildTestApp({ METRICS_TOKEN: 'metrics-token-for-the-document' });
const dir = kept ? undefined : await mkdtemp(join(tmpdir(), 'clipsync-openapi-'));
try {
  await testApp.app.ready();
  const file = kept ? resolve(kept) : join(dir!, 'openapi.json');
  await writeFile(file, `${JSON.stringify(testApp.app.swagger(), null, 2)}\n`);
  process.exitCode = await redoclyLint(file, 'stylish');
} finally {
  await testApp.close();
  if (dir) await rm(dir, { recursive: true, force: true });
}
