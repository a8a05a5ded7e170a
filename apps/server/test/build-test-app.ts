import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import type { AppContext } from '../src/app-context';
import type { DatabaseHandle } from '../src/db/client';
import { MEMORY_DATABASE } from '../src/db/embedded-start';
import { createTestApiClient, type TestApiClient } from './api-client';
import { as, type Caller } from './as';
import { checkAnswersAgainstDocument, describeDrifts, takeContractDrifts } from './contract-check';
import { createTestFactory, type TestFactory } from './factories';
import { createTestDatabase } from './test-database';
import { openTemplateMemoryDatabase } from './pglite-template';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestApp {
  app: FastifyInstance;
  /** Requests as a caller: `as(owner).post(url)`, `as(null)` signed out. */
  as(user: Caller | null): ReturnType<typeof as>;
  /**
   * The shared typed client as a caller (signed out without one): `api(owner).call(CLIP_ENDPOINTS.create, …)`,
   * a refusal thrown as ApiError. For set-up and happy paths; the HTTP edge goes through `as()`.
   */
  api(caller?: Caller | null): TestApiClient;
  factory: TestFactory;
  /** What the app's modules were given: its database, events, files… for set-up and checks. */
  context: AppContext;
  config: AppConfig;
  /** Base URL once `listen()` was called (sockets need a real port); `port` for a restart on the same one. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: PGlite in memory, or a new database on TEST_DATABASE_URL's server when
 * the suite runs in its PostgreSQL leg (TEST_DB=postgres). Env overrides go through the real config parser;
 * an override of `undefined` unsets a default (`{ PUBLIC_URL: undefined }`: no PUBLIC_URL given). Logs are
 * silent unless LOG_LEVEL is given; `logStream` receives them (see log-recorder.ts). With `dataDir`, the app
 * keeps its data there (not removed on close) in the embedded database on disk unless DATABASE_URL is given:
 * a later app on the same `dataDir` is the same server restarted. With `database`, a database the test opened
 * itself, the app runs on that one (and closes it). Every answer it gives is checked against its OpenAPI
 * document: a drift fails the test that got it (contract-check.setup.ts), or `close()`.
 */
export async function buildTestApp(
  env: Record<string, string | undefined> = {},
  {
    logStream,
    dataDir: keptDataDir,
    database: givenDatabase,
  }: { logStream?: DestinationStream; dataDir?: string; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const dataDir = keptDataDir ?? (await mkdtemp(join(tmpdir(), 'clipsync-test-')));
  // A DATABASE_URL override shares another app's database (two nodes of one deployment): none is made.
  const database =
    process.env.TEST_DB === 'postgres' && !env.DATABASE_URL && !keptDataDir && !givenDatabase
      ? await createTestDatabase()
      : undefined;
  const parsed = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // Set-up adds members by invitation again and again; the limit's own test asks for the real one.
    ROOM_INVITATIONS_PER_HOUR: '100000',
    ...env,
  });
  const databaseUrl = env.DATABASE_URL ?? database?.url ?? (keptDataDir ? undefined : MEMORY_DATABASE);
  const config = { ...parsed, databaseUrl };
  // Every answer is checked against the app's own OpenAPI document (contract-check.ts).
  const { app, context } = await buildApp(config, {
    logStream,
    observe: checkAnswersAgainstDocument,
    database: givenDatabase ?? (databaseUrl === MEMORY_DATABASE ? await openTemplateMemoryDatabase() : undefined),
  });
  const testApp = { app, context };
  const api = (caller?: Caller | null) => createTestApiClient(app, caller);
  const factory = createTestFactory(testApp);
  return {
    app,
    as: (user) => as(testApp, user),
    api,
    factory,
    context,
    config,
    listen: async (port = 0) => app.listen({ port, host: '127.0.0.1' }),
    close: async () => {
      const { drifts } = takeContractDrifts();
      await app.close();
      if (drifts.length > 0) throw new Error(describeDrifts(drifts));
      await database?.drop();
      if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
