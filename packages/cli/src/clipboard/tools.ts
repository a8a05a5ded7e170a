import { spawn, type ChildProcess } from 'node:child_process';

/** A clipboard tool's answer: its exit status and what it printed. */
export interface ToolResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface ToolRun {
  /** Written to the tool's standard input, which is then closed. */
  input?: string | Buffer;
  env?: Readonly<Record<string, string | undefined>>;
  /** Killed after this long: a clipboard owner that never answers must not stall the watcher. */
  timeoutMs?: number;
  /**
   * Whether its output is read. A writer that leaves a process behind to hold the clipboard (xclip forks
   * one) is waited for by its exit, not its output: the one left behind keeps the pipes open.
   */
  output?: boolean;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Runs the clipboard tools of one watcher and kills whichever still run when it stops, so Ctrl-C or SIGTERM
 * leaves no poll or `wl-paste --watch` behind. (What a writer forks to hold the clipboard is not its child
 * any more and stays: it is what keeps the copied text pasteable after `watch` ends, as after any copy.)
 */
export class ToolRunner {
  readonly #running = new Set<ChildProcess>();
  #stopped = false;

  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  run(command: string, args: readonly string[], options: ToolRun = {}): Promise<ToolResult> {
    if (this.#stopped) return Promise.reject(new Error('The clipboard watch has stopped'));
    const output = options.output === false ? 'ignore' : 'pipe';
    const child = spawn(command, args, {
      env: { ...this.env, ...options.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', output, output],
      windowsHide: true,
    });
    this.#running.add(child);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A tool that exits before reading all its input must not crash the watcher with EPIPE.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    return new Promise((resolve, reject) => {
      child.once('error', (error) => {
        clearTimeout(timer);
        this.#running.delete(child);
        reject(error);
      });
      child.once(options.output === false ? 'exit' : 'close', (code: number | null) => {
        clearTimeout(timer);
        this.#running.delete(child);
        resolve({ code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8').trim() });
      });
    });
  }

  /** A tool that runs as long as the watch (`wl-paste --watch`, the PowerShell loop): killed by `stop`. */
  start(command: string, args: readonly string[]): ChildProcess {
    const child = spawn(command, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    this.#running.add(child);
    child.once('exit', () => this.#running.delete(child));
    child.once('error', () => this.#running.delete(child));
    return child;
  }

  /** Kills every tool still running and refuses new ones. */
  stop(): void {
    this.#stopped = true;
    for (const child of this.#running) child.kill('SIGTERM');
    this.#running.clear();
  }

  get stopped(): boolean {
    return this.#stopped;
  }
}

/** A tool's refusal in one line: its own words, else its exit status. */
export function toolFailure(command: string, result: ToolResult): string {
  return result.stderr.split('\n', 1)[0] || `${command} exited with status ${String(result.code)}`;
}
