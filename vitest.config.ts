import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One Vitest run for the whole repository. The server's integration suite runs on PGlite, then again on
 * PostgreSQL when TEST_DATABASE_URL is set (plus the PostgreSQL-only `*.pg.test.ts`), and the Redis
 * adapter suite (`*.redis.test.ts`) runs when TEST_REDIS_URL is set. The LAN address suite (`*.lan.test.ts`)
 * runs when TEST_LAN_NAMESPACES names the network namespaces of its server and of two client networks
 * (scripts/test-services.sh makes them as root, and says why it skips them otherwise); its traffic stays
 * inside them. With both TEST_DATABASE_URL and TEST_REDIS_URL, the scale-out suite (`*.cluster.test.ts`)
 * runs two nodes behind a proxy. CI sets all of them: every leg runs.
 */
function serverProject(
  name: string,
  include: string[],
  exclude: string[],
  env: Record<string, string> = {},
): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      root: './apps/server',
      environment: 'node',
      include,
      exclude,
      env,
      testTimeout: 20_000,
      // Every answer a test receives is checked against the OpenAPI document (test/contract-check.ts).
      setupFiles: ['./test/contract-check.setup.ts'],
      // A fresh app (its database migrated from empty) once took over 30 s on two cores at load 11 (2026-11-25).
      hookTimeout: 60_000,
      // expect.poll waits on what the app does after its reply; Vitest's 1 s is shorter than a stall on CI's
      // loaded cores, and a longer wait only makes a real failure slower to report.
      expect: { poll: { timeout: 10_000 } },
    },
  };
}

/**
 * What a test file does to its process beyond its own objects: module mocks, fake timers, spies on shared
 * modules, stubbed globals and environment, process listeners, the contract check's record of answers
 * (kept per process, its document from the first app: openapi.test.ts changes it to prove drifts are caught),
 * and the web's first visit (`withLandingTextsOnly`: the texts and lazy parts a page has before any other loads).
 * Such a file runs in a process of its own (Vitest's isolation), as every file once did.
 */
const CHANGES_ITS_PROCESS =
  /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv|spyOn)\(|process\.on\(|process\.env\.\w+ *=[^=]|delete process\.env|takeContractDrifts\(|withLandingTextsOnly\(/;

/**
 * A project as two: most files share a worker process, one after another (`isolate: false`), so the app's
 * modules, the OpenAPI validators and the database template are loaded once per worker rather than once per
 * file, which was a third of the suite's time; the files that change their process run isolated, in the
 * sibling project `<name>-isolated`. Files are chosen by what they contain, not where they live.
 */
function splitByIsolation(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const { name, root = '.', include = [], exclude = [] } = project.test ?? {};
  const isolated = globSync(include, { cwd: root, ignore: exclude }).filter((file) =>
    CHANGES_ITS_PROCESS.test(readFileSync(join(root, file), 'utf8')),
  );
  return [
    { ...project, test: { ...project.test, isolate: false, exclude: [...exclude, ...isolated] } },
    ...(isolated.length > 0
      ? [{ ...project, test: { ...project.test, name: `${String(name)}-isolated`, include: isolated, exclude: [] } }]
      : []),
  ];
}

const allServerTests = ['src/**/*.test.ts'];
const projects: Array<string | TestProjectInlineConfiguration> = [
  'packages/shared',
  // jsdom, React and the texts loaded once per worker, not per file: the web's files took 222 s alone, 148 split.
  ...splitByIsolation({
    extends: './apps/web/vitest.config.ts',
    test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'] },
  }),
  ...splitByIsolation({
    // The CLI against a real server on a port (apps/server/test's buildTestApp), in-process and as a process.
    test: {
      name: 'cli',
      root: './packages/cli',
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      expect: { poll: { timeout: 10_000 } },
    },
  }),
  // Checks over the repository's own sources (scripts/*.test.ts), such as its import circles.
  { test: { name: 'repo', root: '.', environment: 'node', include: ['scripts/**/*.test.ts'] } },
  ...splitByIsolation(
    serverProject('server', allServerTests, [
      'src/**/*.redis.test.ts',
      'src/**/*.pg.test.ts',
      'src/**/*.lan.test.ts',
      'src/**/*.cluster.test.ts',
    ]),
  ),
];
if (process.env.TEST_DATABASE_URL) {
  // These test the embedded database itself, or start server processes on it (its process lock, its recovery
  // after a kill, its worker's death): they ran the same on this leg, and had nothing to prove on PostgreSQL
  // (admin-command.pg.test.ts is the recovery command's PostgreSQL side).
  const notOnPostgres = [
    'src/**/*.redis.test.ts',
    'src/**/*.lan.test.ts',
    'src/**/*.cluster.test.ts',
    'src/main.test.ts',
    'src/crash-recovery.test.ts',
    'src/serve.test.ts',
    'src/db/pglite-*.test.ts',
    'src/db/client.test.ts',
    'src/db/client-embedded.test.ts',
    'src/db/data-dir-lock.test.ts',
    'src/db/admin-command.test.ts',
    'src/modules/clips/clip-view-crash.test.ts',
    'src/modules/clips/clip-shared-statements.test.ts',
  ];
  projects.push(
    ...splitByIsolation(serverProject('server-postgres', allServerTests, notOnPostgres, { TEST_DB: 'postgres' })),
  );
}
if (process.env.TEST_REDIS_URL) {
  // One file connects to TEST_REDIS_URL; the others start a Redis each (test/own-services.ts), so that no node of
  // one file hears another's through the Socket.IO adapter's channels, and they run beside the rest.
  projects.push(serverProject('server-redis', ['src/**/*.redis.test.ts'], []));
}

if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  // Two nodes on one PostgreSQL database and one Redis, behind a proxy (scale-out:
  // docs/deployment.md#runtime-modes-and-scale-out).
  projects.push(serverProject('server-cluster', ['src/**/*.cluster.test.ts'], [], { TEST_DB: 'postgres' }));
}

if (process.env.TEST_LAN_NAMESPACES) {
  projects.push(serverProject('server-lan', ['src/**/*.lan.test.ts'], []));
}

// Vitest's default is one worker fewer than the cores: one on CI's two. The server suites mostly wait on
// databases, sockets and child processes, so a worker per core keeps both cores busy.
export default defineConfig({ test: { projects, maxWorkers: '100%' } });
