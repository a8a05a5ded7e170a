import { homedir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

/** A stream the CLI writes to, with whether a person is looking at it (a terminal). */
export interface Output {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
}

/**
 * Everything the CLI reads from or writes to the world, passed in: the process's own streams when run from
 * a shell, captured ones in tests (which also make the device sign-in's waits instant).
 */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: Output;
  stderr: Output;
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative paths start. */
  cwd: string;
  /** The config folder's platform rules (tests pick one). */
  platform: NodeJS.Platform;
  homedir: string;
  /** The wait between two device sign-in polls; `abort` ends it early (Ctrl-C). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Aborted when the user interrupts the process; long commands stop on it. */
  signal?: AbortSignal;
  /** The node binary and CLI entry a service would run (`watch --install`); this process's when left out. */
  launcher?: { node: string; script: string };
}

/** The real process's io. */
export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    platform: process.platform,
    homedir: homedir(),
    sleep: (ms, abort) => delay(ms, undefined, { signal: abort }),
    signal,
  };
}

/** Writes one line (a newline added) to a stream. */
export function writeLine(output: Output, line = ''): void {
  output.write(`${line}\n`);
}
