import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/**
 * Redocly's environment: no usage report (redocly.yaml says so too) and no update notice, either of which
 * would reach out to the network; the lint must pass offline, as CI's machine is.
 */
const QUIET = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/**
 * `redocly lint` of a document file with the repository's redocly.yaml (the recommended rules), as a process.
 * `stylish` prints its report and answers its exit code (1 on any error); `json` answers its problems.
 */
export async function redoclyLint(file: string, format: 'stylish'): Promise<number>;
export async function redoclyLint(file: string, format: 'json'): Promise<RedoclyProblem[]>;
export async function redoclyLint(file: string, format: 'stylish' | 'json'): Promise<number | RedoclyProblem[]> {
  const args = [CLI, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', format];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...QUIET },
    stdio: ['ignore', format === 'json' ? 'pipe' : 'inherit', format === 'json' ? 'pipe' : 'inherit'],
  });
  const chunks: Buffer[] = [];
  const errors: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk));
  const code = await new Promise<number>((done, fail) => {
    child.on('error', fail);
    child.on('close', (exitCode) => done(exitCode ?? 1));
  });
  if (format === 'stylish') return code;
  const output = Buffer.concat(chunks).toString('utf8');
  try {
    return (JSON.parse(output) as { problems: RedoclyProblem[] }).problems;
  } catch {
    throw new Error(`redocly lint answered no report (exit ${code}): ${Buffer.concat(errors).toString('utf8')}`);
  }
}

/** The problems Redocly finds in a document, written to a file of its own for the while. */
export async function redoclyProblemsOf(document: object): Promise<RedoclyProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'clipsync-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    return await redoclyLint(file, 'json');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
