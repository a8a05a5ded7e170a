import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import type { AppContext } from '../src/modules/define-module';
import { MEMORY_DATABASE } from '../src/db/client';
import { createTestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestApp {
  app: FastifyInstance;
  /** What the app's modules were given: its database, events, files… for set-up and checks. */
  context: AppContext;
  config: AppConfig;
  /** Base URL once `listen()` was called (sockets need a real port). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: PGlite in memory, or a new database on TEST_DATABASE_URL's server when
 * the suite runs in its PostgreSQL leg (TEST_DB=postgres). Env overrides go through the real config parser;
 * an override of `undefined` unsets a default (`{ PUBLIC_URL: undefined }`: no PUBLIC_URL given).
 */
export async function buildTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-test-'));
  const database = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
  const parsed = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...env,
  });
  const config = { ...parsed, databaseUrl: env.DATABASE_URL ?? database?.url ?? MEMORY_DATABASE };
  const { app, context } = await buildApp(config);
  return {
    app,
    context,
    config,
    listen: async () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: async () => {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
