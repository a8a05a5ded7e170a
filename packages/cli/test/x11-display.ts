import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { isOnPath } from '../src/clipboard/detect';

/** The Debian package of each program these tests need: a missing one fails the test by name, never skips it. */
const NEEDED = { Xvfb: 'xvfb', xclip: 'xclip' } as const;

export function requireX11Tools(): void {
  for (const [program, pkg] of Object.entries(NEEDED)) {
    if (!isOnPath(program, process.env, process.platform)) {
      throw new Error(
        `${program} is not installed: the watch tests need a real X11 clipboard (apt-get install -y ${pkg}, Debian package "${pkg}"; .ci/run installs it)`,
      );
    }
  }
}

/** A virtual X display, the "machine" a watcher runs on, with its own CLIPBOARD selection. */
export interface X11Display {
  /** `:N`, for DISPLAY. */
  name: string;
  /** Copies as a person would with another program: xclip takes the selection. */
  copy(data: string | Buffer, type?: string): Promise<void>;
  /** The clipboard's content as `type`, or null when there is none. */
  paste(type?: string): Promise<Buffer | null>;
  pasteText(): Promise<string | null>;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const COPY_ATTEMPTS = 3;

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`: no clash with another test worker or a
 * display already running) and resolves once it accepts connections (Xvfb writes the number only then).
 */
export async function startDisplay(): Promise<X11Display> {
  const server = spawn('Xvfb', ['-displayfd', '1', '-nolisten', 'tcp', '-screen', '0', '640x480x24'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test worker that ends without its clean-up (a timed-out hook) must not leave the display running.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Xvfb did not start within ${READY_TIMEOUT_MS} ms: ${stderr}`)),
      READY_TIMEOUT_MS,
    );
    createInterface({ input: server.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${String(code)}): ${stderr}`));
    });
  });
  const name = `:${number}`;
  const hasEnded = () => server.exitCode !== null || server.signalCode !== null;
  const env = { ...process.env, DISPLAY: name };

  const xclip = (args: string[], input?: string | Buffer) =>
    new Promise<{ code: number | null; signal: string | null; stdout: Buffer; stderr: string }>((resolve, reject) => {
      // Writing, xclip leaves a process holding the selection, with our pipes: its exit ends a copy that worked
      // (and our end of its stderr is let go), and the pipes' close one that failed, once its reason is read.
      const writing = input !== undefined;
      const child: ChildProcess = spawn('xclip', ['-selection', 'clipboard', ...args], {
        env,
        stdio: [writing ? 'pipe' : 'ignore', writing ? 'ignore' : 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let err = '';
      child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdin?.end(input);
      child.once('error', reject);
      const answer = (code: number | null, signal: string | null) =>
        resolve({ code, signal, stdout: Buffer.concat(out), stderr: err.trim() });
      child.once('close', answer);
      if (writing) {
        child.once('exit', (code: number | null, signal: string | null) => {
          if (code !== 0) return;
          child.stderr!.destroy();
          answer(code, signal);
        });
      }
    });

  const paste = async (type = 'UTF8_STRING') => {
    const { code, stdout } = await xclip(['-o', '-t', type]);
    return code === 0 ? stdout : null;
  };

  return {
    name,
    // A copy failed once on CI with a live display and no reason kept (2026-11-28): the helper stands for a person
    // copying, who would copy again, so it tries three times and, failing, says what xclip and Xvfb said.
    async copy(data, type = 'UTF8_STRING') {
      const failures: string[] = [];
      for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
        const { code, signal, stderr: said } = await xclip(['-i', '-t', type], data);
        if (code === 0) return;
        failures.push(`exit ${signal ?? String(code)}${said ? `: ${said}` : ''}`);
        if (hasEnded()) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const xvfb = hasEnded() ? 'Xvfb had ended' : 'Xvfb still ran';
      throw new Error(`xclip could not copy on ${name} (${failures.join('; ')}); ${xvfb}: ${stderr.slice(-500)}`);
    },
    paste,
    pasteText: async () => (await paste())?.toString('utf8') ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        if (hasEnded()) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
