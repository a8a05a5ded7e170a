/** What every scenario does the same way: option parsing, the hard time bound, clean-up, the JSON result. */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAllChildren } from './server-child';

const CLEANUP_MAX_MS = 5_000;
const cleanups: Array<() => Promise<void> | void> = [];

/** Runs before the process leaves on any path the scenario controls (result, timeout, Ctrl-C). */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Kills the server children, runs the clean-ups (bounded: a hung one must not block the exit) and exits. */
export async function leave(code: number): Promise<never> {
  killAllChildren();
  const all = Promise.allSettled(cleanups.splice(0).map(async (cleanup) => cleanup()));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, CLEANUP_MAX_MS))]);
  process.exit(code);
}

export function positiveInt(scenario: string, name: string, raw: string): number {
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 1) return value;
  console.error(`${scenario}: --${name} must be a positive integer, got "${raw}"`);
  process.exit(1);
}

export function positiveIntList(scenario: string, name: string, raw: string): number[] {
  return raw.split(',').map((item) => positiveInt(scenario, name, item.trim()));
}

/**
 * The hard bound: whatever hangs, kill the servers and exit 2 instead of running forever. Ctrl-C and
 * SIGTERM clean up the same way (exit 130), and so does an error nothing caught (exit 1). Returns the function that disarms the bound once the result is out.
 */
export function guardScenario(scenario: string, timeoutSeconds: number): () => void {
  const timer = setTimeout(() => {
    console.error(`${scenario}: no result within ${timeoutSeconds} s, killing the servers`);
    void leave(2);
  }, timeoutSeconds * 1000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void leave(130));
  // A scenario that throws (a browser step timing out, a refused request) still kills the servers it started:
  // left running, a server whose temporary DATA_DIR was removed at exit logs failed jobs for ever.
  process.on('uncaughtException', (error) => {
    console.error(`${scenario}: failed:`, error);
    void leave(1);
  });
  return () => clearTimeout(timer);
}

/** A temporary directory (a server's DATA_DIR, files), removed on every exit path, SIGKILLed children included. */
export function temporaryDirectory(prefix = 'clipsync-bench-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

export const machine = () => ({ cpus: cpus().length, node: process.version });

/** The one line on stdout, then exit: 1 when over budget or anything failed, else 0. */
export async function printResult(result: object, failed: boolean): Promise<never> {
  console.log(JSON.stringify(result));
  return leave(failed ? 1 : 0);
}

/** SIGTERM, as a supervisor stops the server (it drains and closes its database), then SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(killer);
}
