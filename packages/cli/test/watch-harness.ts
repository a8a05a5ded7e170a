import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { TokenScope } from '@clipsync/shared';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config/env';
import { clips } from '../../../apps/server/src/db/schema';
import { as, type Caller } from '../../../apps/server/test/as';
import { TEST_JWT_SECRET } from '../../../apps/server/test/build-test-app';
import { createTestFactory, type TestUser } from '../../../apps/server/test/factories';
import type { CliIo } from '../src/io';
import { run } from '../src/main';
import { Captured } from './harness';

type Built = Awaited<ReturnType<typeof buildApp>>;

/**
 * The real server on a real port, on an embedded database kept on disk, so it can be stopped and started
 * again on the same port with the same users and tokens: a server restart as the watcher sees one.
 */
export async function startRestartableServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-watch-server-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    }),
    databaseUrl: undefined,
  };
  let built: Built = await buildApp(config);
  const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(url).port);
  const target = () => ({ app: built.app, context: built.context });

  return {
    url,
    as: (caller: Caller | null) => as(target(), caller),
    user: (): Promise<TestUser> => createTestFactory(target()).user(),
    async tokenOf(user: TestUser, scopes: TokenScope[] = ['clips:read', 'clips:write']) {
      const res = await as(target(), user).post('/api/tokens', { name: 'watch test', scopes });
      if (res.statusCode !== 201) throw new Error(`token not created: ${res.body}`);
      return res.json<{ id: string; token: string }>();
    },
    /** Every clip of the user, drafts included: "exactly one clip" counts them all. */
    async clipCount(user: TestUser): Promise<number> {
      const [row] = await built.context.db.select({ n: count() }).from(clips).where(eq(clips.userId, user.id));
      return row?.n ?? 0;
    },
    /** Stopped as on a shutdown (its sockets closed, the port refusing connections)… */
    stop: () => built.app.close(),
    /** …and started again on the same port, on the same database. */
    async start() {
      built = await buildApp(config);
      await built.app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      if (built.app.server.listening) await built.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RestartableServer = Awaited<ReturnType<typeof startRestartableServer>>;

/** A `clipsync watch` running in this process, on one display, until `stop` (Ctrl-C) or its own end. */
export interface RunningWatch {
  stdout: Captured;
  stderr: Captured;
  /** Its exit status once it ended. */
  exited: Promise<number>;
  /** Resolves once it printed that it watches (connected, the clipboard's baseline read). */
  ready: Promise<void>;
  stop(): Promise<number>;
}

export function startWatch(env: Record<string, string>, args: string[] = []): RunningWatch {
  const stdout = new Captured();
  const stderr = new Captured();
  const interrupt = new AbortController();
  const io: CliIo = {
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    stdout,
    stderr,
    env: { PATH: process.env.PATH, ...env },
    cwd: tmpdir(),
    platform: 'linux',
    homedir: tmpdir(),
    sleep: async () => {},
    signal: interrupt.signal,
  };
  const exited = run(['watch', ...args], io);
  const ready = waitFor(
    () => stdout.text().includes('Watching the clipboard'),
    20_000,
    () => `the watcher did not get ready; stdout: ${stdout.text()} stderr: ${stderr.text()}`,
    exited,
  );
  // Heard only by a test that waits for it: a watcher meant to fail at once never gets ready.
  ready.catch(() => {});
  return {
    stdout,
    stderr,
    exited,
    ready,
    stop: () => {
      interrupt.abort();
      return exited;
    },
  };
}

/**
 * Polls `check` until it holds, failing after `timeoutMs` with `explain()`; a process that ends meanwhile
 * (`ended`) fails it at once.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  explain: () => string,
  ended?: Promise<number>,
): Promise<void> {
  let endedWith: number | null = null;
  void ended?.then((code) => (endedWith = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (endedWith !== null) throw new Error(`ended with exit ${endedWith}: ${explain()}`);
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
