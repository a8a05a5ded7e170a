import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server } from '../test/s3-server';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, env: Record<string, string> = {}): Started {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** PORT=0 lets the OS pick a free port; Fastify logs the address it bound. */
async function waitForHealth(server: Started, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const address = /listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    if (address && (await fetch(`${address}/api/health`)).ok) return address;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/**
 * At `info` a request is one JSON line once answered: method, path without its query (a mailed link's
 * token), status and time; never a header (tokens travel there).
 */
async function expectOneRequestLine(server: Started, address: string): Promise<void> {
  const answered = await fetch(`${address}/api/health?token=secret-in-the-query`, {
    headers: { authorization: 'Bearer secret-in-a-header' },
  });
  expect(answered.status).toBe(200);
  const linesFor = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"/api/health"') && line.includes('"statusCode":200'));
  for (let waited = 0; linesFor().length < 2 && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Two health checks so far (the one waitForHealth made, this one): one line each.
  const lines = linesFor().map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health' } });
  expect(typeof lines[1]?.responseTime).toBe('number');
  // The request's id, the one its error body would carry, is on its line.
  expect(lines[1]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(server.output()).not.toContain('incoming request');
  expect(server.output()).not.toContain('secret-in');
}

/** The real process entry, compiled as `npm start` runs it: twice on one DATA_DIR, and a graceful SIGTERM. */
describe('server process', () => {
  const started: Started[] = [];
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['../../scripts/build-server.mjs'], { cwd: serverDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  });
  afterAll(() => started.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')));

  test('a second process on the same DATA_DIR is refused clearly; SIGTERM shuts down cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-process-'));
    const first = startServer(dataDir);
    started.push(first);
    await waitForHealth(first);
    expect(first.output()).toContain('"files":"disk"');

    const second = startServer(dataDir);
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another ClipSync process');
    expect(second.output()).toContain(dataDir);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'clipsync.lock'))).toBe(false);

    // The data directory opens again after the clean shutdown.
    const third = startServer(dataDir);
    started.push(third);
    await waitForHealth(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  test('DATA_DIR and everything in it is private to the server user: directories 0700, files 0600', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-modes-'));
    // As an older version or a hand-made copy might have left it: readable by everyone.
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'files', 'ab'), { recursive: true, mode: 0o755 });
    await writeFile(join(dataDir, 'files', 'ab', 'abcdefghijklmnop'), 'old upload', { mode: 0o644 });
    const server = startServer(dataDir);
    started.push(server);
    const address = await waitForHealth(server);
    // Writes after start (an account, mail tokens) create files too.
    const register = await fetch(`${address}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Modes', email: 'modes@example.com', password: 'modes-password' }),
    });
    expect(register.status).toBe(200);
    await expectOneRequestLine(server, address);

    const readable: string[] = [];
    const check = async (path: string) => {
      const info = await lstat(path);
      const mode = info.mode & 0o777;
      if (info.isDirectory()) {
        if (mode !== 0o700) readable.push(`${path} ${mode.toString(8)}`);
        for (const entry of await readdir(path)) await check(join(path, entry));
      } else if (info.isFile() && mode !== 0o600) {
        readable.push(`${path} ${mode.toString(8)}`);
      }
    };
    await check(dataDir);
    expect(readable).toEqual([]);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  test('with S3_BUCKET files go to the bucket; without it the built server never loads the AWS SDK', async () => {
    // esbuild hoists a bundled module's static imports to the top of dist/main.js: the SDK must be imported
    // only where createS3Store calls for it, or the embedded default would load it at every start.
    const bundle = await readFile(join(serverDir, 'dist/main.js'), 'utf8');
    expect(bundle).not.toMatch(/^import[^;]*from "@aws-sdk\//m);
    expect(bundle).toContain('import("@aws-sdk/client-s3")');

    const s3 = await startS3Server();
    const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-s3-process-'));
    const server = startServer(dataDir, s3.env);
    started.push(server);
    const address = await waitForHealth(server);
    expect(server.output()).toContain('"files":"s3"');
    expect(await (await fetch(`${address}/api/ready`)).json()).toMatchObject({ checks: { storage: 'ok' } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);
});
