/**
 * The web app built for production and the real server serving it (`apps/server/src/main.ts`: every plugin,
 * the security headers, the SPA fallback), for the scenarios that drive or score a browser (landing,
 * near-transfer). Both live in a temporary directory, never in apps/web/dist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './http';
import { onCleanup } from './scenario';

const SERVER_READY_TIMEOUT_MS = 60_000;
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
