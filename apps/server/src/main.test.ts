import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildServer,
  createTextClip,
  serverDir,
  signIn,
  signUp,
  startServer,
  startSlowUpload,
  tryNewConnection,
  waitForHealth,
  type Started,
} from '../test/server-process';
import { connectSocket } from '../test/socket-client';
import { startS3Server } from '../test/s3-server';
import { dataDirWithDatabase } from '../test/pglite-data-dir';

/**
 * With LOG_REQUESTS, at `info` a request is one JSON line once answered: method, path without its query (a mailed link's
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

/** What under `dataDir` is not private to its user: directories other than 0700, files other than 0600. */
async function readableIn(dataDir: string): Promise<string[]> {
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
  return readable;
}

/** The real process entry, compiled as `npm start` runs it: twice on one DATA_DIR, and a graceful SIGTERM. */
describe('server process', () => {
  const started: Started[] = [];
  beforeAll(() => {
    const build = buildServer();
    expect(build.status, build.stderr).toBe(0);
  });
  afterAll(() => started.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')));

  test('a second process on the same DATA_DIR is refused clearly; SIGTERM shuts down cleanly', async () => {
    const dataDir = await dataDirWithDatabase('clipsync-process-');
    const first = startServer(dataDir);
    started.push(first);
    await waitForHealth(first);
    expect(first.output()).toContain('"files":"disk"');

    const second = startServer(dataDir);
    started.push(second);
    expect(await second.exited).toBe(1);
    // Refused while the rest of the server was still loading (main.ts starts the database first): said plainly.
    expect(second.output()).toContain('ClipSync cannot start.');
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
    const server = startServer(dataDir, { LOG_REQUESTS: 'true' });
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

    expect(await readableIn(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  test('a DATA_DIR the server makes itself stays private after start and a stored file', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'clipsync-fresh-modes-'));
    const dataDir = join(parent, 'data');
    const server = startServer(dataDir);
    started.push(server);
    const address = await waitForHealth(server);
    const { accessToken } = await signUp(address, 'fresh-modes@example.com');
    const clipId = await createTextClip(address, accessToken);
    const stored = await fetch(`${address}/api/clipboard/${clipId}/files`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/octet-stream',
        'x-file-name': 'kept.txt',
      },
      body: 'kept bytes',
    });
    expect(stored.status).toBe(201);

    expect(await readableIn(dataDir)).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await rm(parent, { recursive: true, force: true });
  }, 90_000);

  test('a first `npm run db:migrate` under a permissive umask leaves the embedded database private too', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-migrate-modes-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    const script = 'umask 022; exec "$0" --import tsx src/db/migrate-cli.ts';
    const migrate = spawnSync('sh', ['-c', script, process.execPath], { cwd: serverDir, env, encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).toBe(0);
    const server = startServer(dataDir);
    started.push(server);
    const address = await waitForHealth(server);
    await signUp(address, 'migrated-modes@example.com');

    expect(await readableIn(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  test('with S3_BUCKET files go to the bucket; without it the built server never loads the AWS SDK', async () => {
    // esbuild hoists a bundled module's static imports to the top of its output file (main.js or a chunk it
    // loads): the SDK must be imported only where createS3Store calls for it, or the embedded default would
    // load it at every start.
    const dist = join(serverDir, 'dist');
    const files = (await readdir(dist)).filter((name) => name.endsWith('.js'));
    const bundle = (await Promise.all(files.map((name) => readFile(join(dist, name), 'utf8')))).join('\n');
    expect(bundle).not.toMatch(/^import[^;]*from "@aws-sdk\//m);
    expect(bundle).toContain('import("@aws-sdk/client-s3")');

    const s3 = await startS3Server();
    const dataDir = await dataDirWithDatabase('clipsync-s3-process-');
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

  /** Over the socket buffers on both ends, so the upload is still being read when SIGTERM comes. */
  const UPLOAD_BYTES = 8 * 1_048_576;

  test('SIGTERM drains: new connections refused, the upload in flight answered, sockets dropped to reconnect, database closed, exit 0', async () => {
    const dataDir = await dataDirWithDatabase('clipsync-drain-');
    const server = startServer(dataDir);
    started.push(server);
    const address = await waitForHealth(server);
    const { accessToken } = await signUp(address, 'drain@example.com');
    const clipId = await createTextClip(address, accessToken);
    const socket = await connectSocket(address, { token: accessToken, reconnection: true });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const retried = new Promise<void>((resolve) => socket.io.once('reconnect_attempt', () => resolve()));
    const upload = startSlowUpload(address, accessToken, clipId, UPLOAD_BYTES);
    await upload.accepted;

    server.child.kill('SIGTERM');
    // A transport dropped by the server, unlike 'io server disconnect', is retried by Socket.IO's client itself.
    expect(await disconnected).toBe('transport close');
    await retried;
    socket.close();
    // The listening socket is closed (refused) or was closing as the connection came (reset): never served.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(await tryNewConnection(address));

    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe('close');
    // 0 only when everything closed before SHUTDOWN_GRACE_MS (the force exit is 1).
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('shutdown took too long');
    expect(existsSync(join(dataDir, 'clipsync.lock'))).toBe(false);

    // The database was closed, not abandoned: the next process opens it at once, with the upload in it.
    const next = startServer(dataDir);
    started.push(next);
    const nextAddress = await waitForHealth(next);
    const { accessToken: again } = await signIn(nextAddress, 'drain@example.com');
    const files = await fetch(`${nextAddress}/api/clipboard/${clipId}/files`, {
      headers: { authorization: `Bearer ${again}` },
    });
    expect(files.status).toBe(200);
    expect(((await files.json()) as { files: unknown[] }).files).toHaveLength(1);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  test('a request still running after SHUTDOWN_GRACE_MS is cut and the process exits 1', async () => {
    const dataDir = await dataDirWithDatabase('clipsync-grace-');
    const server = startServer(dataDir, { SHUTDOWN_GRACE_MS: '1000' });
    started.push(server);
    const address = await waitForHealth(server);
    const { accessToken } = await signUp(address, 'grace@example.com');
    const upload = startSlowUpload(address, accessToken, await createTextClip(address, accessToken), UPLOAD_BYTES);
    await upload.accepted;

    // The rest of the upload never comes.
    server.child.kill('SIGTERM');
    // Cut, not answered: the connection ends with the process.
    await expect(upload.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('shutdown took too long');
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);
});
