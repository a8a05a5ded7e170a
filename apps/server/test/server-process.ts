import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { serverRoot } from '../src/server-root';
import { multipartFile } from './multipart';
import { buildServerInto, serverBuildForThisProcess } from './server-build';

/**
 * The real process entry, compiled as `npm start` runs it, for the tests of what only a process shows:
 * the DATA_DIR lock, file modes, request logs and the drain on SIGTERM.
 */
export const serverDir = serverRoot;

/** Compiles src/main.ts into dist/main.js (scripts/build-server.mjs); returns the build's error output. */
export function buildServer(): { status: number | null; stderr: string } {
  return buildServerInto(join(serverDir, 'dist'));
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(dataDir: string, env: Record<string, string> = {}): Started {
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

/**
 * PORT=0 lets the OS pick a free port; Fastify logs the address it bound. A minute: a first start on a loaded
 * two-core machine (the other test files starting their own servers) took over 30 s once.
 */
export async function waitForHealth(server: Started, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const address = /listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    if (address && (await fetch(`${address}/api/health`)).ok) return address;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const PASSWORD = 'process-password';

/** As a user does it: registers, signs in beside the confirmation link of the dev outbox (no SMTP_URL). */
export async function signUp(address: string, email: string): Promise<{ accessToken: string }> {
  const registered = await postJson(`${address}/api/auth/register`, { name: 'Process', email, password: PASSWORD });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  const { mails } = (await (await fetch(`${address}/api/dev/outbox`)).json()) as {
    mails: Array<{ to: string; links: string[] }>;
  };
  const link = new URL(mails.findLast((mail) => mail.to === email)?.links[0] ?? '');
  // The link confirms beside the password its registration chose, at sign-in.
  const login = await postJson(`${address}/api/auth/login`, {
    email,
    password: PASSWORD,
    confirmation: link.searchParams.get('token'),
  });
  if (!login.ok) throw new Error(`confirming sign-in: ${login.status}`);
  const { session } = (await login.json()) as { session: { access_token: string } };
  return { accessToken: session.access_token };
}

/** A user made by `signUp`, signing in again (on a restarted server, say). */
export async function signIn(address: string, email: string): Promise<{ accessToken: string }> {
  const login = await postJson(`${address}/api/auth/login`, { email, password: PASSWORD });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const { session } = (await login.json()) as { session: { access_token: string } };
  return { accessToken: session.access_token };
}

export async function createTextClip(address: string, token: string): Promise<string> {
  const created = await postJson(`${address}/api/clipboard`, { content: 'a clip to attach files to' }, token);
  if (created.status !== 201) throw new Error(`create clip: ${created.status}`);
  return ((await created.json()) as { id: string }).id;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * A file upload sent in two halves, as a slow client sends it. `Expect: 100-continue` (what curl sends
 * for large bodies) makes the server say when it has taken the request in: `accepted` resolves then, so
 * a test knows the request is in flight before it acts. `answer` rejects if the connection is cut.
 */
export function startSlowUpload(address: string, token: string, clipId: string, sizeBytes: number) {
  const { payload, headers } = multipartFile('file', 'large.bin', 'application/octet-stream', Buffer.alloc(sizeBytes));
  const half = Math.floor(payload.length / 2);
  const upload = request(`${address}/api/clipboard/${clipId}/files`, {
    method: 'POST',
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      'content-length': String(payload.length),
      expect: '100-continue',
      connection: 'keep-alive',
    },
  });
  const accepted = new Promise<void>((resolve) => upload.once('continue', resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    upload.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    upload.once('error', reject);
  });
  upload.flushHeaders();
  return {
    accepted: accepted.then(() => void upload.write(payload.subarray(0, half))),
    finish: () => upload.end(payload.subarray(half)),
    answer,
  };
}

/** A fresh TCP connection's request; resolves with the connection error's code, or 'answered'. */
export function tryNewConnection(address: string): Promise<string> {
  return new Promise((resolve) => {
    const attempt = request(`${address}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve('answered');
    });
    attempt.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    attempt.end();
  });
}

/** A server process started from source: its output so far, its exit, and its address once healthy. */
export interface SourceServer extends Started {
  ready: Promise<string>;
}

/**
 * The real server from its current source, on a port the system picks: for the tests that kill and restart
 * it many times. `entry` is another process entry that serves as main.ts does (test/serve-losing-database.ts),
 * run through tsx.
 */
export function startSourceServer(env: Record<string, string>, entry?: string): SourceServer {
  const started = spawnSourceServer(env, [], entry);
  return { ...started, ready: waitUntilHealthy(started, 60_000) };
}

/**
 * The server from its source, not yet known healthy: src/main.ts compiled for this test process
 * (server-build.ts), or `entry` through tsx. `launcher` comes before `node` on the command line:
 * `ip netns exec <namespace>` starts it in a network namespace (test/lan-namespaces.ts).
 */
export function spawnSourceServer(env: Record<string, string>, launcher: string[] = [], entry?: string): Started {
  let output = '';
  const [command = process.execPath, ...args] = [
    ...launcher,
    process.execPath,
    ...(entry ? ['--import', 'tsx', entry] : ['--enable-source-maps', join(serverBuildForThisProcess(), 'main.js')]),
  ];
  const child = spawn(command, args, {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** As waitForHealth, but gives up at once when the process exits (a crash at start says why). */
async function waitUntilHealthy(server: Started, timeoutMs: number): Promise<string> {
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !hasExited) {
    const address = /listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    if (address && (await fetch(`${address}/api/health`).catch(() => undefined))?.ok) return address;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
