import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The first-run servers: each started by its journey (admin-first-run.spec.ts) as an operator starts one, with
 * `npm start`'s own script, nothing configured and an empty data folder, so that the journey reads the block
 * the server prints for a person and the first account to sign up becomes its admin. A server has one first run
 * only, and the journey is walked at each screen size, so each size has a server of its own (the main e2e port
 * plus one, plus two). The web app and the server were built by the main e2e server's command.
 */
export const FIRST_RUN_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type FirstRunSize = (typeof FIRST_RUN_SIZES)[number];

export const firstRunPortOf = (mainPort: number, size: FirstRunSize) => mainPort + 1 + FIRST_RUN_SIZES.indexOf(size);
export const firstRunBaseUrlOf = (size: FirstRunSize) =>
  `http://localhost:${firstRunPortOf(Number(process.env.E2E_PORT ?? 3100), size)}`;

export interface FirstRunServer {
  /** What the server printed for a person once it listens (its start block), and the log before it. */
  startBlock: Promise<string>;
  stop: () => Promise<void>;
}

/** The block: its address line, a blank line, what to know (one line or more), a blank line. */
const READY = /ClipSync is ready: open \S+\n\n(?:.+\n)+\n/;

/** `npm start` with only a port, an address and a fresh data folder: no NODE_ENV, no mail, no admin list. */
export function startFirstRunServer(size: FirstRunSize): FirstRunServer {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(new URL(firstRunBaseUrlOf(size)).port),
    DATA_DIR: mkdtempSync(join(tmpdir(), `clipsync-e2e-first-run-${size.name}-`)),
  };
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startBlock = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const block = READY.exec(output);
      if (block) resolve(block[0]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`the first-run server exited before it was ready:\n${output}`)));
  });
  return {
    startBlock,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
