import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { Device, TokenScope } from '@clipsync/shared';
import { buildTestApp, type TestApp, type TestUser } from '@clipsync/server/testing';
import type { CliIo } from '../src/io';
import { run } from '../src/main';

/**
 * A stream the CLI writes to, kept as bytes (the tests compare bytes, not decoded text). Each write is kept
 * as it is made: a PassThrough hands its last chunk on a tick later, which a test reading right after the
 * command ended could miss (seen on a loaded CI machine).
 */
export class Captured extends Writable {
  readonly chunks: Buffer[] = [];
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
  text(): string {
    return this.bytes().toString('utf8');
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export interface IoOptions {
  /** What stdin carries; absent, stdin is a terminal (nothing is read from it). */
  stdin?: string | Buffer;
  env?: Record<string, string | undefined>;
  /** The wait between device sign-in polls; given what the CLI has written to stderr so far. */
  sleep?: (ms: number, stderrSoFar: () => string) => Promise<void>;
  cwd?: string;
  /** Whether stdout is a terminal (`pull` shows a clip's text made safe only on one). */
  stdoutIsTTY?: boolean;
  /** Whether stderr is a terminal (progress lines are drawn only on one). */
  stderrIsTTY?: boolean;
  /** Keys typed at a terminal stdin (raw mode, as a password prompt reads them), sent once it is read. */
  typed?: string;
}

/** A terminal's stdin that records raw mode and types `keys` once something listens. */
function terminalInput(keys: string) {
  const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  const setRawMode = (isRaw: boolean) => input.rawModes.push(isRaw);
  input.once('resume', () => setImmediate(() => input.write(keys)));
  return Object.assign(input, { setRawMode });
}

/**
 * A real server on a real port (the app the server's own tests build, on a fresh database, with `serverEnv`
 * over the test defaults) and a config folder of its own, with `clipsync` run in-process against it.
 */
export async function startCliHarness(serverEnv: Record<string, string | undefined> = {}) {
  const testApp: TestApp = await buildTestApp(serverEnv);
  const server = await testApp.listen();
  const home = await mkdtemp(join(tmpdir(), 'clipsync-cli-test-'));
  const configHome = join(home, 'config');

  async function cli(argv: string[], options: IoOptions = {}): Promise<RunResult> {
    const stdout = new Captured(options.stdoutIsTTY);
    const stderr = new Captured(options.stderrIsTTY);
    const stdin =
      options.typed !== undefined
        ? terminalInput(options.typed)
        : options.stdin === undefined
          ? Object.assign(Readable.from([]), { isTTY: true })
          : Readable.from([Buffer.from(options.stdin)]);
    const io: CliIo = {
      stdin,
      stdout,
      stderr,
      env: { XDG_CONFIG_HOME: configHome, ...options.env },
      cwd: options.cwd ?? home,
      platform: 'linux',
      homedir: home,
      sleep: async (ms) => options.sleep?.(ms, () => stderr.text()),
    };
    const code = await run(argv, io);
    return { code, stdout: stdout.text(), stderr: stderr.text(), stdoutBytes: stdout.bytes() };
  }

  /** A personal access token of `user`, made as the settings page makes one. */
  const tokenOf = (user: TestUser, scopes: TokenScope[] = ['clips:read', 'clips:write', 'desktop']) =>
    testApp.factory.token({ owner: user, scopes });

  /** The env that signs the CLI in as `user` without a stored file. */
  async function envOf(user: TestUser, scopes?: TokenScope[]) {
    return { CLIPSYNC_URL: server, CLIPSYNC_TOKEN: (await tokenOf(user, scopes)).token };
  }

  /** A CLI signed in by the device sign-in, as `clipsync login` does it: a device of its own, named so. */
  async function signInDevice(owner: TestUser, clientName: string) {
    const { accessToken: token, caller } = await testApp.factory.deviceSignIn({ owner, clientName });
    const devices = (await testApp.as(caller).get('/api/devices')).json().devices;
    const device = (devices as Device[]).find((one) => one.current)!;
    return { token, device, env: { CLIPSYNC_URL: server, CLIPSYNC_TOKEN: token } };
  }

  return {
    testApp,
    server,
    signInDevice,
    home,
    configHome,
    cli,
    tokenOf,
    envOf,
    close: async () => {
      await testApp.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

export type CliHarness = Awaited<ReturnType<typeof startCliHarness>>;
