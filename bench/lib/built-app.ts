/**
 * The web app built for production and the real server serving it (`apps/server/src/main.ts`: every plugin,
 * the security headers, the SPA fallback), for the scenarios that drive or score a browser (landing,
 * near-transfer). Both live in a temporary directory, never in apps/web/dist. And `npm start` as a user runs it,
 * for the scenarios that measure that process (start, memory-at-rest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { awaitHealth, freePort } from './http';
import { onCleanup, stopProcess } from './scenario';

const SERVER_READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webDir = join(repoRoot, 'apps/web');

/** Resolves when the child exits 0; its output goes to our stderr, our stdout carries only the result. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 2, 2] });
    onCleanup(() => void child.kill('SIGKILL'));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * A production build as `npm run build` makes it, into `distDir`. NODE_ENV is dropped, not inherited: a
 * `development` left in the shell would measure React's development build. The manifest is Vite's own
 * record of which chunk statically imports which.
 */
export async function buildWeb(distDir: string): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  // Vite is the web workspace's own dependency, so it is resolved from there.
  const vite = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const args = [vite, 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  await run(process.execPath, args, { cwd: webDir, env });
}

/**
 * The server on `distDir`, PGlite in `dataDir`, 127.0.0.1 on a free port, NODE_ENV=production unless `env`
 * says otherwise; resolves once `/api/health` answers.
 */
export async function startAppServer(options: {
  distDir: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(repoRoot, 'apps/server/src/main.ts')],
    {
      stdio: ['ignore', 2, 2],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: options.dataDir,
        WEB_DIST_DIR: options.distDir,
        JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
        ...options.env,
      },
    },
  );
  onCleanup(() => void child.kill('SIGKILL'));
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${SERVER_READY_TIMEOUT_MS} ms`);
}

/**
 * `scripts/start.mjs`, what `npm start` runs (it builds first if the sources are newer, then serves in its own
 * process), on `dataDir` with NODE_ENV=production, 127.0.0.1 on a free port and `env` added; `nodeArgs` go before
 * the script, `withIpc` opens a channel to the process. Its stderr (the start notice, a failure's reason) is ours. Resolves once `/api/health` answers 200; a process that
 * exits before, or does not answer within `timeoutMs`, is stopped and the promise rejects.
 */
export async function startAsNpmStart(options: {
  dataDir: string;
  timeoutMs: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  withIpc?: boolean;
}): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const env = { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: options.dataDir };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(repoRoot, 'scripts/start.mjs')], {
    stdio: ['ignore', 'ignore', 2, ...(options.withIpc ? (['ipc'] as const) : [])],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, ...options.env },
  });
  onCleanup(() => void child.kill('SIGKILL'));
  try {
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering`))),
    );
    await Promise.race([awaitHealth(port, options.timeoutMs), exited]);
    return { child, port };
  } catch (error) {
    await stopProcess(child, STOP_GRACE_MS);
    throw error;
  }
}

/** Stops what `startAsNpmStart` started, as a supervisor would (SIGTERM, then SIGKILL after 15 s). */
export const stopNpmStart = (child: ChildProcess): Promise<void> => stopProcess(child, STOP_GRACE_MS);
