import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buildTestApp, countClipsOf, type Caller, type TestApp, type TestUser } from '@clipsync/server/testing';
import type { TokenScope } from '@clipsync/shared';
import type { CliIo } from '../src/io';
import { run } from '../src/main';
import { Captured } from './harness';

/**
 * The real server on a real port, on an embedded database kept on disk, so it can be stopped and started
 * again on the same port with the same users and tokens: a server restart as the watcher sees one.
 */
export async function startRestartableServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-watch-server-'));
  // The same dataDir each time: the app on it again is the same server restarted.
  const startApp = () => buildTestApp({}, { dataDir });
  let testApp: TestApp = await startApp();
  const url = await testApp.listen();
  const port = Number(new URL(url).port);

  return {
    url,
    as: (caller: Caller | null) => testApp.as(caller),
    user: (): Promise<TestUser> => testApp.factory.user(),
    tokenOf: (user: TestUser, scopes: TokenScope[] = ['clips:read', 'clips:write']) =>
      testApp.factory.token({ owner: user, name: 'watch test', scopes }),
    /** Every clip of the user, drafts included: "exactly one clip" counts them all. */
    clipCount: (user: TestUser): Promise<number> => countClipsOf(testApp, user.id),
    /** Stopped as on a shutdown (its sockets closed, the port refusing connections)… */
    stop: () => testApp.close(),
    /** …and started again on the same port, on the same database. */
    async start() {
      testApp = await startApp();
      await testApp.listen(port);
    },
    async close() {
      if (testApp.app.server.listening) await testApp.close();
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

/** `terminal: false` runs it as a service or a background job would: neither stdin nor stdout a terminal. */
export function startWatch(
  env: Record<string, string>,
  args: string[] = [],
  { terminal = true }: { terminal?: boolean } = {},
): RunningWatch {
  const stdout = new Captured();
  const stderr = new Captured();
  const interrupt = new AbortController();
  const io: CliIo = {
    stdin: Object.assign(Readable.from([]), { isTTY: terminal }),
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
