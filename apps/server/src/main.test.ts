import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsxBin = join(serverDir, 'node_modules/.bin/tsx');
const tsx = existsSync(tsxBin) ? tsxBin : join(serverDir, '../../node_modules/.bin/tsx');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string): Started {
  let output = '';
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test' },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** PORT=0 lets the OS pick a free port; Fastify logs the address it bound. */
async function waitForHealth(server: Started, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const address = /listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    if (address && (await fetch(`${address}/api/health`)).ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** The real process entry: `npm start` twice on one DATA_DIR, and a graceful SIGTERM. */
describe('server process', () => {
  const started: Started[] = [];
  afterAll(() => started.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')));

  test('a second process on the same DATA_DIR is refused clearly; SIGTERM shuts down cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-process-'));
    const first = startServer(dataDir);
    started.push(first);
    await waitForHealth(first);

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
});
